using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using System.Text;
using System.Xml.Linq;
using Xunit;

namespace CryptoCli.Tests.Documentation;

/// <summary>
/// Checks the generated CryptoCli.xml against the assembly, by reflection: every public type and every public or
/// protected member has a non-empty summary (or inheritdoc), every concrete public type says what is constant-time,
/// and the types with a legacy or research status say so.
/// </summary>
public sealed class XmlDocumentationTests
{
    private static readonly Assembly s_library = typeof(RijndaelCipher).Assembly;
    private static readonly Lazy<Dictionary<string, XElement>> s_docs = new(LoadDocumentation);

    private static Dictionary<string, XElement> Docs => s_docs.Value;

    private const BindingFlags DeclaredMembers =
        BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    [Fact]
    public void EveryPublicTypeAndMember_HasASummary()
    {
        var missing = new List<string>();
        Type[] types = s_library.GetExportedTypes();
        Assert.True(types.Length >= 20, $"only {types.Length} public types");
        int checkedMembers = 0;
        foreach (Type type in types)
        {
            Check(type, DocumentationId(type));
            foreach (MemberInfo member in type.GetMembers(DeclaredMembers).Where(IsVisibleOutsideAssembly))
            {
                checkedMembers++;
                Check(member, DocumentationId(member));
            }
        }

        Assert.True(checkedMembers > 100, $"only {checkedMembers} members checked");
        Assert.True(missing.Count == 0, "Public API without a <summary> in CryptoCli.xml:\n" + string.Join("\n", missing));

        void Check(MemberInfo member, string id)
        {
            if (!HasSummary(id))
            {
                missing.Add($"{id}  ({member.DeclaringType?.Name ?? member.Name}.{member.Name})");
            }
        }
    }

    [Fact]
    public void EveryConcretePublicType_SaysWhatIsConstantTime()
    {
        var silent = new List<string>();
        foreach (Type type in s_library.GetExportedTypes().Where(IsConcrete))
        {
            string text = TypeText(type);
            if (!text.Contains("constant-time", StringComparison.OrdinalIgnoreCase) &&
                !text.Contains("constant time", StringComparison.OrdinalIgnoreCase))
            {
                silent.Add(type.FullName!);
            }
        }

        Assert.True(silent.Count == 0, "Type docs that do not say what is constant-time: " + string.Join(", ", silent));
    }

    /// <summary>Facts every user must read in the type's own docs (summary and remarks), per type.</summary>
    public static TheoryData<Type, string[]> RequiredFacts() => new()
    {
        { typeof(RijndaelCipher), new[] { "FIPS-197", "160, 192, 224 and 256 bits", "not part of AES" } },
        { typeof(Camellia), new[] { "RFC 3713", "128-bit block", "CRYPTREC" } },
        { typeof(CipherUnicornA), new[] { "CRYPTREC", "candidate", "128-bit block" } },
        { typeof(Hierocrypt3), new[] { "CRYPTREC", "candidate", "128-bit block" } },
        { typeof(SC2000), new[] { "CRYPTREC", "candidate", "128-bit block" } },
        { typeof(Mugi), new[] { "CRYPTREC", "candidate", "128-bit key", "128-bit IV", "ISO/IEC 18033-4" } },
        { typeof(Luffa224), new[] { "224-bit digest", "32-byte", "Specification Ver. 2.0", "not selected as SHA-3" } },
        { typeof(Luffa256), new[] { "256-bit digest", "32-byte", "Specification Ver. 2.0", "not selected as SHA-3" } },
        { typeof(Luffa384), new[] { "384-bit digest", "32-byte", "Specification Ver. 2.0", "not selected as SHA-3" } },
        { typeof(Luffa512), new[] { "512-bit digest", "32-byte", "Specification Ver. 2.0", "not selected as SHA-3" } },
        { typeof(Haraka), new[] { "Haraka v2", "32 bytes", "64 bytes", "ePrint 2016/098", "research" } },
        { typeof(ECDsaSecp192r1), new[] { "96-bit security", "NIST no longer allows it for new signatures", "RFC 6979", "FIPS 186", "48 bytes" } },
        { typeof(Genus3Curve), new[] { "Kozaki and Matsuo", "186 bits", "Research primitive" } },
        { typeof(Genus3Divisor), new[] { "Mumford", "Research primitive", "Not constant-time" } },
    };

    [Theory]
    [MemberData(nameof(RequiredFacts))]
    public void TypeDocs_StateSizesStandardAndStatus(Type type, string[] facts)
    {
        string text = TypeText(type);
        foreach (string fact in facts)
        {
            Assert.True(text.Contains(fact, StringComparison.Ordinal), $"{type.Name}'s docs do not mention \"{fact}\":\n{text}");
        }
    }

    [Fact]
    public void LargeBlockCiphers_AreMarkedExperimentalResearch()
    {
        Type[] largeBlock = s_library.GetExportedTypes().Where(t => t.Name.StartsWith("LargeBlock", StringComparison.Ordinal)).ToArray();
        Assert.Equal(8, largeBlock.Length);
        foreach (Type type in largeBlock)
        {
            string text = TypeText(type);
            Assert.Contains("RESEARCH CONSTRUCTION", text, StringComparison.Ordinal);
            Assert.Contains("Not for production use", text, StringComparison.Ordinal);
            Assert.Contains("CRYPTOCLI001", text, StringComparison.Ordinal);
            Assert.Contains("Shiba, Sakamoto, Isobe", text, StringComparison.Ordinal);
            Assert.Contains(type.Name.Contains("512", StringComparison.Ordinal) ? "512-bit block" : "256-bit block", text, StringComparison.Ordinal);
            Assert.NotNull(type.GetCustomAttributesData().SingleOrDefault(a => a.AttributeType.Name == "ExperimentalAttribute"));
        }
    }

    // ---- The ID mapping must be right, or the checks above would pass vacuously ----

    [Fact]
    public void DocumentationIds_MatchTheCompilersForEachMemberKind()
    {
        Assert.Equal("T:CryptoCli.Mugi", DocumentationId(typeof(Mugi)));
        Assert.Equal(
            "M:CryptoCli.Mugi.#ctor(System.ReadOnlySpan{System.Byte},System.ReadOnlySpan{System.Byte})",
            DocumentationId(typeof(Mugi).GetConstructors().Single()));
        Assert.Equal(
            "M:CryptoCli.BlockCipherAlgorithm.TryTransformCtr(System.ReadOnlySpan{System.Byte},System.ReadOnlySpan{System.Byte},System.Span{System.Byte},System.Int32@)",
            DocumentationId(typeof(BlockCipherAlgorithm).GetMethod(nameof(BlockCipherAlgorithm.TryTransformCtr))!));
        Assert.Equal("P:CryptoCli.ECDsaSecp192r1.HasPrivateKey", DocumentationId(typeof(ECDsaSecp192r1).GetProperty(nameof(ECDsaSecp192r1.HasPrivateKey))!));
        Assert.Equal("F:CryptoCli.Luffa256.HashSizeInBytes", DocumentationId(typeof(Luffa256).GetField(nameof(Luffa256.HashSizeInBytes))!));
        Assert.Equal(
            "M:CryptoCli.Genus3Divisor.op_Addition(CryptoCli.Genus3Divisor,CryptoCli.Genus3Divisor)",
            DocumentationId(typeof(Genus3Divisor).GetMethod("op_Addition")!));
        Assert.Equal(
            "M:CryptoCli.Genus3Curve.Multiply(CryptoCli.Genus3Divisor,System.Numerics.BigInteger)",
            DocumentationId(typeof(Genus3Curve).GetMethod(nameof(Genus3Curve.Multiply))!));
        Assert.Equal(
            "M:CryptoCli.BlockCipherAlgorithm.CreateEncryptor(System.Byte[],System.Byte[])",
            DocumentationId(typeof(BlockCipherAlgorithm).GetMethod(nameof(BlockCipherAlgorithm.CreateEncryptor), new[] { typeof(byte[]), typeof(byte[]) })!));

        // Generic and nested types, arrays of generics, and generic methods (none in CryptoCli's API today).
        Assert.Equal("T:System.Collections.Generic.Dictionary`2", DocumentationId(typeof(Dictionary<,>)));
        Assert.Equal("T:System.Collections.Generic.Dictionary`2.KeyCollection", DocumentationId(typeof(Dictionary<,>.KeyCollection)));
        Assert.Equal(
            "M:System.Collections.Generic.Dictionary`2.TryGetValue(`0,`1@)",
            DocumentationId(typeof(Dictionary<,>).GetMethod("TryGetValue")!));
        Assert.Equal(
            "M:System.Linq.Enumerable.ToArray``1(System.Collections.Generic.IEnumerable{``0})",
            DocumentationId(typeof(Enumerable).GetMethods().Single(m => m.Name == "ToArray" && m.GetParameters()[0].ParameterType.Name.StartsWith("IEnumerable", StringComparison.Ordinal))));
        Assert.Equal(
            "M:System.Array.Resize``1(``0[]@,System.Int32)",
            DocumentationId(typeof(Array).GetMethod("Resize")!));
    }

    [Fact]
    public void EveryIdTheCheckerBuildsForTheLibrary_ExistsInTheXml()
    {
        // Every public member is documented (CS1591 is an error in CI), so an ID the mapping gets wrong would be missing.
        var unknown = s_library.GetExportedTypes()
            .SelectMany(t => t.GetMembers(DeclaredMembers).Where(IsVisibleOutsideAssembly).Select(DocumentationId).Prepend(DocumentationId(t)))
            .Where(id => !Docs.ContainsKey(id))
            .ToList();
        Assert.True(unknown.Count == 0, "IDs not found in CryptoCli.xml:\n" + string.Join("\n", unknown));
    }

    [Fact]
    public void TheCheckerReportsMissingAndEmptyDocs()
    {
        Assert.False(HasSummary(DocumentationId(typeof(Aes))));    // not in CryptoCli.xml at all
        var empty = XElement.Parse("<member name=\"T:X\"><summary>  </summary></member>");
        var inherit = XElement.Parse("<member name=\"T:X\"><inheritdoc/></member>");
        var text = XElement.Parse("<member name=\"T:X\"><summary>A <see cref=\"T:Y\"/>.</summary></member>");
        Assert.False(HasSummary(empty));
        Assert.True(HasSummary(inherit));
        Assert.True(HasSummary(text));
    }

    // ---- Helpers ----

    private static Dictionary<string, XElement> LoadDocumentation()
    {
        string path = Path.ChangeExtension(s_library.Location, ".xml");
        if (!File.Exists(path))
        {
            // Fall back to the library's own build output.
            string root = RepositoryRoot.Find();
            path = Directory.EnumerateFiles(Path.Combine(root, "src", "CryptoCli", "bin"), "CryptoCli.xml", SearchOption.AllDirectories)
                .Where(p => p.Contains("net10.0", StringComparison.Ordinal))
                .OrderByDescending(File.GetLastWriteTimeUtc)
                .FirstOrDefault() ?? throw new FileNotFoundException("CryptoCli.xml not found beside CryptoCli.dll nor under src/CryptoCli/bin");
        }

        XDocument doc = XDocument.Load(path);
        Assert.Equal("CryptoCli", doc.Root?.Element("assembly")?.Element("name")?.Value);
        return doc.Descendants("member").ToDictionary(m => (string)m.Attribute("name")!, StringComparer.Ordinal);
    }

    private static bool HasSummary(string id) => Docs.TryGetValue(id, out XElement? member) && HasSummary(member);

    private static bool HasSummary(XElement member) =>
        member.Element("inheritdoc") is not null ||
        member.Element("summary") is XElement summary && (summary.Value.Trim().Length > 0 || summary.Elements().Any());

    /// <summary>The summary and remarks of a type, as plain text (cref targets kept).</summary>
    private static string TypeText(Type type)
    {
        Assert.True(Docs.TryGetValue(DocumentationId(type), out XElement? member), $"{type} has no docs");
        var text = new StringBuilder();
        foreach (XElement part in member.Elements().Where(e => e.Name == "summary" || e.Name == "remarks"))
        {
            foreach (XNode node in part.DescendantNodes())
            {
                if (node is XText t)
                {
                    text.Append(t.Value);
                }
                else if (node is XElement { Name.LocalName: "see" } see)
                {
                    text.Append((string?)see.Attribute("cref") ?? (string?)see.Attribute("langword"));
                }
                else
                {
                    text.Append(' '); // paragraph boundaries
                }
            }

            text.Append('\n');
        }

        return string.Join(' ', text.ToString().Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries));
    }

    /// <summary>Static classes are abstract and sealed in metadata: they count as concrete.</summary>
    private static bool IsConcrete(Type type) => !type.IsInterface && (!type.IsAbstract || type.IsSealed);

    private static bool IsVisibleOutsideAssembly(MemberInfo member)
    {
        switch (member)
        {
            case MethodBase method:
                // Accessors are documented through their property or event; operators are methods with their own docs.
                if (method.IsSpecialName && !method.Name.StartsWith("op_", StringComparison.Ordinal) && method is not ConstructorInfo)
                {
                    return false;
                }

                // Compiler-generated members of records and the like.
                if (method.IsDefined(typeof(System.Runtime.CompilerServices.CompilerGeneratedAttribute)))
                {
                    return false;
                }

                return method.IsPublic || method.IsFamily || method.IsFamilyOrAssembly;
            case FieldInfo field:
                return !field.IsSpecialName && (field.IsPublic || field.IsFamily || field.IsFamilyOrAssembly);
            case PropertyInfo property:
                return property.GetAccessors(nonPublic: true).Any(a => a.IsPublic || a.IsFamily || a.IsFamilyOrAssembly);
            case EventInfo @event:
                return @event.AddMethod is { } add && (add.IsPublic || add.IsFamily || add.IsFamilyOrAssembly);
            case Type nested:
                return nested.IsNestedPublic || nested.IsNestedFamily || nested.IsNestedFamORAssem;
            default:
                return false;
        }
    }

    // ---- Documentation IDs (ECMA-334 annex D, as the C# compiler writes them) ----

    internal static string DocumentationId(MemberInfo member) => member switch
    {
        Type type => "T:" + TypeName(type),
        ConstructorInfo ctor => "M:" + TypeName(ctor.DeclaringType!) + "." + (ctor.IsStatic ? "#cctor" : "#ctor") + Parameters(ctor.GetParameters()),
        MethodInfo method => "M:" + TypeName(method.DeclaringType!) + "." + method.Name.Replace('.', '#')
            + (method.IsGenericMethodDefinition ? "``" + method.GetGenericArguments().Length : "")
            + Parameters(method.GetParameters())
            + (method.Name is "op_Implicit" or "op_Explicit" ? "~" + ParameterTypeName(method.ReturnType) : ""),
        PropertyInfo property => "P:" + TypeName(property.DeclaringType!) + "." + property.Name.Replace('.', '#') + Parameters(property.GetIndexParameters()),
        FieldInfo field => "F:" + TypeName(field.DeclaringType!) + "." + field.Name,
        EventInfo @event => "E:" + TypeName(@event.DeclaringType!) + "." + @event.Name,
        _ => throw new NotSupportedException(member.GetType().Name),
    };

    private static string Parameters(ParameterInfo[] parameters) =>
        parameters.Length == 0 ? "" : "(" + string.Join(",", parameters.Select(p => ParameterTypeName(p.ParameterType))) + ")";

    /// <summary>A type definition's name: namespace, nesting with '.', generic arity with a backtick.</summary>
    private static string TypeName(Type type)
    {
        string name = type.Name; // keeps the `N arity suffix
        return type.IsNested ? TypeName(type.DeclaringType!) + "." + name : (type.Namespace is { } ns ? ns + "." + name : name);
    }

    /// <summary>A type as it appears in a parameter list: generic arguments in braces, `N / ``N for type parameters.</summary>
    private static string ParameterTypeName(Type type)
    {
        if (type.IsByRef)
        {
            return ParameterTypeName(type.GetElementType()!) + "@";
        }

        if (type.IsPointer)
        {
            return ParameterTypeName(type.GetElementType()!) + "*";
        }

        if (type.IsArray)
        {
            int rank = type.GetArrayRank();
            return ParameterTypeName(type.GetElementType()!) + (rank == 1 ? "[]" : "[" + string.Join(",", Enumerable.Repeat("0:", rank)) + "]");
        }

        if (type.IsGenericParameter)
        {
            return (type.DeclaringMethod is null ? "`" : "``") + type.GenericParameterPosition;
        }

        if (!type.IsGenericType)
        {
            return TypeName(type);
        }

        // Constructed generic: each level of nesting takes its own share of the arguments.
        Type[] arguments = type.GetGenericArguments();
        return ConstructedName(type.GetGenericTypeDefinition(), arguments);
    }

    private static string ConstructedName(Type definition, Type[] allArguments)
    {
        string prefix;
        int inherited = 0;
        if (definition.IsNested)
        {
            Type outer = definition.DeclaringType!;
            inherited = outer.IsGenericTypeDefinition ? outer.GetGenericArguments().Length : 0;
            prefix = (inherited > 0 ? ConstructedName(outer, allArguments[..inherited]) : TypeName(outer)) + ".";
        }
        else
        {
            prefix = definition.Namespace is { } ns ? ns + "." : "";
        }

        string name = definition.Name;
        int tick = name.IndexOf('`', StringComparison.Ordinal);
        if (tick < 0)
        {
            return prefix + name;
        }

        Type[] own = allArguments[inherited..];
        return prefix + name[..tick] + "{" + string.Join(",", own.Select(ParameterTypeName)) + "}";
    }
}
