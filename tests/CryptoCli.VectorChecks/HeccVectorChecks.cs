// What Vectors/hecc means (genus-3 Jacobian over F_p^2, p = 2^31 - 1; format in the header of hecc-g3.txt: [params],
// [divisor n] with φ~(D), −D, 2D and [k]D with their decompositions, [sum n], [decompositions]). Shared by the xunit
// suite and the Mono runner: everything here is in both builds of CryptoCli.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Numerics;

namespace CryptoCli.VectorChecks;

/// <summary>
/// Every block of every file. Scalar multiples are checked through plain NAF5, the skew-Frobenius method,
/// [k0]D + [k1]φ~(D), and (for small k or k near the order) Cantor-only double-and-add; sums through the fast formulas
/// both ways round, Cantor, and subtraction; decompositions against the library and a BigInteger reference.
/// </summary>
internal sealed class HeccVectorChecks : VectorFamilyCheck
{
    public HeccVectorChecks()
        : base("hecc")
    {
    }

    public override int CheckFile(VectorFile file)
    {
        int count = 0;
        foreach ((string name, VectorLine header, List<(VectorLine Line, string Key, string Value)> lines) in Blocks(file))
        {
            string where = $"{file.Name}:{header.Number}";
            if (name == "params")
            {
                count += CheckParams(file, lines);
            }
            else if (name.StartsWith("divisor ", StringComparison.Ordinal))
            {
                count += CheckDivisorBlock(file, where, lines) + 1;
            }
            else if (name.StartsWith("sum ", StringComparison.Ordinal))
            {
                CheckSum(where, lines);
                count++;
            }
            else if (name == "decompositions")
            {
                count += CheckDecompositions(file, lines);
            }
            else
            {
                throw file.Error(header, "unknown block");
            }
        }

        return count;
    }

    private static int CheckParams(VectorFile file, List<(VectorLine Line, string Key, string Value)> lines)
    {
        foreach ((VectorLine line, string key, string value) in lines)
        {
            string where = $"{file.Name}:{line.Number}";
            switch (key)
            {
                case "p":
                    VectorCheck.True(Big(value) == MersenneField.P, where);
                    break;
                case "f":
                    Fp2[] f = ParsePairs(value);
                    Fp2[] ours = { Genus3Curve.F0, Genus3Curve.F1, Genus3Curve.F2, Genus3Curve.F3, Genus3Curve.F4, Genus3Curve.F5, Genus3Curve.F6, Fp2.One };
                    VectorCheck.True(f.SequenceEqual(ours), where);
                    break;
                case "N":
                    VectorCheck.True(Big(value) == Genus3Curve.Order, where);
                    break;
                case "s":
                    VectorCheck.True(Big(value) == Genus3Curve.SkewFrobeniusEigenvalue, where);
                    break;
                case "CX":
                    VectorCheck.True(ParsePairs("[" + value + "]")[0] == Genus3SkewFrobenius.CX, where);
                    break;
                case "CY":
                    VectorCheck.True(ParsePairs("[" + value + "]")[0] == Genus3SkewFrobenius.CY, where);
                    break;
                case "RA":
                    VectorCheck.True(Big(value) == Genus3SkewFrobenius.RA, where);
                    break;
                case "RB":
                    VectorCheck.True(Big(value) == Genus3SkewFrobenius.RB, where);
                    break;
                default:
                    throw file.Error(line, "unknown parameter");
            }
        }

        return lines.Count;
    }

    private static int CheckDivisorBlock(VectorFile file, string where, List<(VectorLine Line, string Key, string Value)> lines)
    {
        var fields = lines.ToDictionary(l => l.Key, l => l.Value, StringComparer.Ordinal);
        Genus3Divisor d = Genus3Divisor.Parse(fields["D"]);
        VectorCheck.True(d.ToString() == fields["D"], $"{where}: D does not print back identically");
        Genus3Divisor phi = Genus3Curve.SkewFrobenius(d);
        VectorCheck.True(Genus3Divisor.Parse(fields["phiD"]) == phi, $"{where}: phiD");
        VectorCheck.True(Genus3Divisor.Parse(fields["negD"]) == -d, $"{where}: negD");
        Genus3Divisor twice = Genus3Divisor.Parse(fields["dblD"]);
        VectorCheck.True(twice == Genus3Curve.Twice(d) && twice == Genus3Cantor.Double(d), $"{where}: dblD");

        int count = 0;
        foreach ((VectorLine line, string key, string value) in lines)
        {
            if (key is "D" or "phiD" or "negD" or "dblD" || key.EndsWith("_dec", StringComparison.Ordinal) || key.EndsWith('D'))
            {
                continue;
            }

            if (!key.StartsWith('k'))
            {
                throw file.Error(line, "unknown field");
            }

            string at = $"{file.Name}:{line.Number}";
            BigInteger k = Big(value);
            string[] dec = fields[key + "_dec"].Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
            Genus3Divisor expected = Genus3Divisor.Parse(fields[key + "D"]);

            Genus3SkewFrobenius.Decompose(Limbs(k), out SignedScalar k0, out SignedScalar k1);
            VectorCheck.True(k0.ToBigInteger() == Big(dec[0]) && k1.ToBigInteger() == Big(dec[1]), $"{at}: decomposition of {key}");

            VectorCheck.True(Genus3Curve.MultiplyNaf(d, k) == expected, $"{at}: NAF5 [{key}]D");
            VectorCheck.True(Genus3Curve.MultiplySkewFrobenius(d, k) == expected, $"{at}: skew-Frobenius [{key}]D");
            Genus3Divisor recombined = Genus3Curve.MultiplyNaf(d, Big(dec[0])) + Genus3Curve.MultiplyNaf(phi, Big(dec[1]));
            VectorCheck.True(recombined == expected, $"{at}: [k0]D + [k1]φ~(D)");
            if (BitLength(k) <= 64 || k >= Genus3Curve.Order - (BigInteger.One << 20))
            {
                VectorCheck.True(Genus3ScalarMultiplication.MultiplyDoubleAndAddCantor(d, Limbs(k)) == expected, $"{at}: Cantor [{key}]D");
            }

            count++;
        }

        return count;
    }

    private static void CheckSum(string where, List<(VectorLine Line, string Key, string Value)> lines)
    {
        var fields = lines.ToDictionary(l => l.Key, l => l.Value, StringComparer.Ordinal);
        if (fields.Count != 3)
        {
            throw new VectorFormatException($"{where}: a sum block has D1, D2, D1plusD2");
        }

        Genus3Divisor d1 = Genus3Divisor.Parse(fields["D1"]), d2 = Genus3Divisor.Parse(fields["D2"]);
        Genus3Divisor expected = Genus3Divisor.Parse(fields["D1plusD2"]);
        VectorCheck.True(Genus3Curve.Add(d1, d2) == expected, $"{where}: D1 + D2 (fast path)");
        VectorCheck.True(Genus3Curve.Add(d2, d1) == expected, $"{where}: D2 + D1 (fast path)");
        VectorCheck.True(Genus3Cantor.Add(d1, d2) == expected, $"{where}: D1 + D2 (Cantor)");
        VectorCheck.True((expected - d2) == d1, $"{where}: (D1 + D2) − D2");
    }

    private static int CheckDecompositions(VectorFile file, List<(VectorLine Line, string Key, string Value)> lines)
    {
        foreach ((VectorLine line, _, _) in lines)
        {
            // "k = K ; k0 = K0 ; k1 = K1"
            string[] parts = line.Text.Split(';');
            if (parts.Length != 3)
            {
                throw file.Error(line, "expected k = ... ; k0 = ... ; k1 = ...");
            }

            var map = parts.Select(p => p.Split('=')).ToDictionary(kv => kv[0].Trim(), kv => Big(kv[1].Trim()), StringComparer.Ordinal);
            BigInteger k = map["k"];
            Genus3SkewFrobenius.Decompose(Limbs(k), out SignedScalar k0, out SignedScalar k1);
            string where = $"{file.Name}:{line.Number}";
            VectorCheck.True(k0.ToBigInteger() == map["k0"] && k1.ToBigInteger() == map["k1"], $"{where}: got ({k0.ToBigInteger()}, {k1.ToBigInteger()})");
            (BigInteger r0, BigInteger r1) = ReferenceDecomposition(k);
            VectorCheck.True(r0 == map["k0"] && r1 == map["k1"], $"{where}: BigInteger reference gives ({r0}, {r1})");
        }

        return lines.Count;
    }

    /// <summary>docs/design.md G6 with BigInteger, independent of the library's limb code: c1 = round(k·RA/N), d2 = round(k·RB/N).</summary>
    public static (BigInteger K0, BigInteger K1) ReferenceDecomposition(BigInteger k)
    {
        BigInteger n = Genus3Curve.Order;
        k %= n;
        if (k.Sign < 0)
        {
            k += n;
        }

        BigInteger ra = Genus3SkewFrobenius.RA, rb = Genus3SkewFrobenius.RB;
        BigInteger c1 = (2 * k * ra + n) / (2 * n);
        BigInteger d2 = (2 * k * rb + n) / (2 * n);
        return (k - c1 * ra - d2 * rb, d2 * ra - c1 * rb);
    }

    public static ulong[] Limbs(BigInteger k)
    {
        var limbs = new ulong[3];
        Genus3Curve.ToReducedLimbs(k, limbs);
        return limbs;
    }

    /// <summary>BigInteger.GetBitLength for a non-negative value (that method is .NET 5+).</summary>
    private static int BitLength(BigInteger value)
    {
        int bits = 0;
        while (value > BigInteger.Zero)
        {
            value >>= 1;
            bits++;
        }

        return bits;
    }

    /// <summary>Splits a file into its [blocks] of "key = value" lines; a line outside a block or without '=' fails.</summary>
    private static IEnumerable<(string Name, VectorLine Header, List<(VectorLine, string, string)> Lines)> Blocks(VectorFile file)
    {
        string? name = null;
        VectorLine header = default;
        var lines = new List<(VectorLine, string, string)>();
        foreach (VectorLine line in file.Lines)
        {
            if (line.Text.Length == 0)
            {
                continue;
            }

            if (line.Text.StartsWith('[') && line.Text.EndsWith(']') && line.Text.IndexOf('=') < 0)
            {
                if (name is not null)
                {
                    yield return (name, header, lines);
                }

                name = line.Text.Substring(1, line.Text.Length - 2).Trim();
                header = line;
                lines = new List<(VectorLine, string, string)>();
                continue;
            }

            int equals = line.Text.IndexOf('=');
            if (name is null || equals <= 0)
            {
                throw file.Error(line, "expected [block] or key = value");
            }

            lines.Add((line, line.Text.Substring(0, equals).Trim(), line.Text.Substring(equals + 1).Trim()));
        }

        if (name is not null)
        {
            yield return (name, header, lines);
        }
    }

    private static BigInteger Big(string text) => BigInteger.Parse(text.Trim(), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    private static Fp2[] ParsePairs(string json)
    {
        // [[a,b],[c,d],...] → pairs.
        string[] numbers = json.Replace("[", " ").Replace("]", " ").Split(new[] { ' ', ',' }, StringSplitOptions.RemoveEmptyEntries);
        var result = new Fp2[numbers.Length / 2];
        for (int i = 0; i < result.Length; i++)
        {
            result[i] = new Fp2(uint.Parse(numbers[2 * i], CultureInfo.InvariantCulture), uint.Parse(numbers[2 * i + 1], CultureInfo.InvariantCulture));
        }

        return result;
    }
}
