using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Numerics;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// Every file of Vectors/hecc (format in the header of hecc-g3.txt): [params], [divisor n] (φ~(D), −D, 2D, [k]D with
/// the exact decompositions), [sum n] and [decompositions]. Scalar multiples are checked through plain NAF₅, the
/// skew-Frobenius method, [k0]D + [k1]φ~(D), and (for small k) Cantor-only double-and-add.
/// </summary>
public class Genus3VectorTests
{
    [Fact]
    public void AllHeccVectorFiles()
    {
        int divisors = 0, multiples = 0, sums = 0, decompositions = 0;
        foreach (VectorFile file in VectorFile.ReadFamily("hecc"))
        {
            foreach ((string name, VectorLine header, List<(VectorLine Line, string Key, string Value)> lines) in Blocks(file))
            {
                string where = $"{file.Name}:{header.Number}";
                if (name == "params")
                {
                    CheckParams(file, lines);
                }
                else if (name.StartsWith("divisor ", StringComparison.Ordinal))
                {
                    multiples += CheckDivisorBlock(file, where, lines);
                    divisors++;
                }
                else if (name.StartsWith("sum ", StringComparison.Ordinal))
                {
                    CheckSum(file, where, lines);
                    sums++;
                }
                else if (name == "decompositions")
                {
                    decompositions += CheckDecompositions(file, lines);
                }
                else
                {
                    throw file.Error(header, "unknown block");
                }
            }
        }

        Assert.True(divisors >= 3 && multiples >= 21 && sums >= 3 && decompositions >= 11, $"too few vectors: {divisors} divisors, {multiples} multiples, {sums} sums, {decompositions} decompositions");
    }

    private static void CheckParams(VectorFile file, List<(VectorLine Line, string Key, string Value)> lines)
    {
        foreach ((VectorLine line, string key, string value) in lines)
        {
            string where = $"{file.Name}:{line.Number}";
            switch (key)
            {
                case "p":
                    Assert.True(Big(value) == MersenneField.P, where);
                    break;
                case "f":
                    Fp2[] f = ParsePairs(value);
                    Fp2[] ours = { Genus3Curve.F0, Genus3Curve.F1, Genus3Curve.F2, Genus3Curve.F3, Genus3Curve.F4, Genus3Curve.F5, Genus3Curve.F6, Fp2.One };
                    Assert.True(f.SequenceEqual(ours), where);
                    break;
                case "N":
                    Assert.True(Big(value) == Genus3Curve.Order, where);
                    break;
                case "s":
                    Assert.True(Big(value) == Genus3Curve.SkewFrobeniusEigenvalue, where);
                    break;
                case "CX":
                    Assert.True(ParsePairs("[" + value + "]")[0] == Genus3SkewFrobenius.CX, where);
                    break;
                case "CY":
                    Assert.True(ParsePairs("[" + value + "]")[0] == Genus3SkewFrobenius.CY, where);
                    break;
                case "RA":
                    Assert.True(Big(value) == Genus3SkewFrobenius.RA, where);
                    break;
                case "RB":
                    Assert.True(Big(value) == Genus3SkewFrobenius.RB, where);
                    break;
                default:
                    throw file.Error(line, "unknown parameter");
            }
        }
    }

    private static int CheckDivisorBlock(VectorFile file, string where, List<(VectorLine Line, string Key, string Value)> lines)
    {
        var fields = lines.ToDictionary(l => l.Key, l => l.Value, StringComparer.Ordinal);
        Genus3Divisor d = Genus3Divisor.Parse(fields["D"]);
        Assert.True(d.ToString() == fields["D"], $"{where}: D does not print back identically");
        Genus3Divisor phi = Genus3Curve.SkewFrobenius(d);
        Assert.True(Genus3Divisor.Parse(fields["phiD"]) == phi, $"{where}: phiD");
        Assert.True(Genus3Divisor.Parse(fields["negD"]) == -d, $"{where}: negD");
        Genus3Divisor twice = Genus3Divisor.Parse(fields["dblD"]);
        Assert.True(twice == Genus3Curve.Twice(d) && twice == Genus3Cantor.Double(d), $"{where}: dblD");

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
            string[] dec = fields[key + "_dec"].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            Genus3Divisor expected = Genus3Divisor.Parse(fields[key + "D"]);

            Genus3SkewFrobenius.Decompose(Genus3TestData.Limbs(k), out SignedScalar k0, out SignedScalar k1);
            Assert.True(k0.ToBigInteger() == Big(dec[0]) && k1.ToBigInteger() == Big(dec[1]), $"{at}: decomposition of {key}");

            Assert.True(Genus3Curve.MultiplyNaf(d, k) == expected, $"{at}: NAF5 [{key}]D");
            Assert.True(Genus3Curve.MultiplySkewFrobenius(d, k) == expected, $"{at}: skew-Frobenius [{key}]D");
            Genus3Divisor recombined = Genus3Curve.MultiplyNaf(d, Big(dec[0])) + Genus3Curve.MultiplyNaf(phi, Big(dec[1]));
            Assert.True(recombined == expected, $"{at}: [k0]D + [k1]φ~(D)");
            if (k.GetBitLength() <= 64 || k >= Genus3Curve.Order - (BigInteger.One << 20))
            {
                Assert.True(Genus3ScalarMultiplication.MultiplyDoubleAndAddCantor(d, Genus3TestData.Limbs(k)) == expected, $"{at}: Cantor [{key}]D");
            }

            count++;
        }

        return count;
    }

    private static void CheckSum(VectorFile file, string where, List<(VectorLine Line, string Key, string Value)> lines)
    {
        var fields = lines.ToDictionary(l => l.Key, l => l.Value, StringComparer.Ordinal);
        if (fields.Count != 3)
        {
            throw new VectorFormatException($"{where}: a sum block has D1, D2, D1plusD2");
        }

        Genus3Divisor d1 = Genus3Divisor.Parse(fields["D1"]), d2 = Genus3Divisor.Parse(fields["D2"]);
        Genus3Divisor expected = Genus3Divisor.Parse(fields["D1plusD2"]);
        Assert.True(Genus3Curve.Add(d1, d2) == expected, $"{where}: D1 + D2 (fast path)");
        Assert.True(Genus3Curve.Add(d2, d1) == expected, $"{where}: D2 + D1 (fast path)");
        Assert.True(Genus3Cantor.Add(d1, d2) == expected, $"{where}: D1 + D2 (Cantor)");
        Assert.True((expected - d2) == d1, $"{where}: (D1 + D2) − D2");
    }

    private static int CheckDecompositions(VectorFile file, List<(VectorLine Line, string Key, string Value)> lines)
    {
        foreach ((VectorLine line, string key, string value) in lines)
        {
            // "k = K ; k0 = K0 ; k1 = K1"
            string[] parts = line.Text.Split(';');
            if (parts.Length != 3)
            {
                throw file.Error(line, "expected k = ... ; k0 = ... ; k1 = ...");
            }

            var map = parts.Select(p => p.Split('=')).ToDictionary(kv => kv[0].Trim(), kv => Big(kv[1].Trim()), StringComparer.Ordinal);
            BigInteger k = map["k"];
            Genus3SkewFrobenius.Decompose(Genus3TestData.Limbs(k), out SignedScalar k0, out SignedScalar k1);
            string where = $"{file.Name}:{line.Number}";
            Assert.True(k0.ToBigInteger() == map["k0"] && k1.ToBigInteger() == map["k1"], $"{where}: got ({k0.ToBigInteger()}, {k1.ToBigInteger()})");
            Assert.Equal(Genus3ScalarTests.ReferenceDecomposition(k), (map["k0"], map["k1"]));
        }

        return lines.Count;
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

            if (line.Text.StartsWith('[') && line.Text.EndsWith(']') && !line.Text.Contains('='))
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

            int equals = line.Text.IndexOf('=', StringComparison.Ordinal);
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
        string[] numbers = json.Replace("[", " ", StringComparison.Ordinal).Replace("]", " ", StringComparison.Ordinal)
            .Split(new[] { ' ', ',' }, StringSplitOptions.RemoveEmptyEntries);
        var result = new Fp2[numbers.Length / 2];
        for (int i = 0; i < result.Length; i++)
        {
            result[i] = new Fp2(uint.Parse(numbers[2 * i], CultureInfo.InvariantCulture), uint.Parse(numbers[2 * i + 1], CultureInfo.InvariantCulture));
        }

        return result;
    }
}
