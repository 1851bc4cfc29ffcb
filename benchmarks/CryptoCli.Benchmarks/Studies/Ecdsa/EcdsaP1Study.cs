using System;
using System.Diagnostics;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.EC;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;

namespace CryptoCli.Benchmarks;

/// <summary>
/// Study (not in the default run): the measure of P1 (docs/papers.md), the best of 10,000 sign + verify pairs, printed by
/// the setup for each implementation, beside the mean of one sign + verify pair as BenchmarkDotNet measures it.
/// Run with --filter '*EcdsaP1Study*'.
/// </summary>
public class EcdsaP1Study : EcdsaRivals
{
    private const int Runs = 10_000;

    [GlobalSetup]
    public void Setup()
    {
        SetupRivals();
        Report("CryptoCli", "sign+verify", () => OursSignVerify());
        Report("BuiltIn", "sign+verify", () => BuiltInSignVerify());
        Report("BouncyCastle", "sign+verify", () => BouncyCastleSignVerify());

        // The same measure per operation: minima resist the noise of a shared machine better than means.
        Report("CryptoCli", "sign", () => Ours.TrySignHash(Hash, Signature, out _));
        Report("BuiltIn", "sign", () => BuiltIn.TrySignHash(Hash, Signature, out _));
        Report("BouncyCastle", "sign", () => BouncySigner.GenerateSignature(Hash).Length == 2);
        Report("CryptoCli", "verify", () => Ours.VerifyHash(Hash.AsSpan(), OursSignature.AsSpan()));
        Report("BuiltIn", "verify", () => BuiltIn.VerifyHash(Hash.AsSpan(), OursSignature.AsSpan()));
        Report("BouncyCastle", "verify", () => BouncyVerifier.VerifySignature(Hash, BouncyR, BouncyS));
    }

    [GlobalCleanup]
    public void Cleanup() => CleanupRivals();

    private static void Report(string implementation, string operation, Func<bool> signVerify)
    {
        for (int i = 0; i < 200; i++)
        {
            signVerify();
        }

        long best = long.MaxValue;
        for (int i = 0; i < Runs; i++)
        {
            long start = Stopwatch.GetTimestamp();
            bool ok = signVerify();
            long elapsed = Stopwatch.GetTimestamp() - start;
            if (!ok)
            {
                throw new InvalidOperationException($"{implementation}: {operation} failed");
            }

            best = Math.Min(best, elapsed);
        }

        double microseconds = best * 1e6 / Stopwatch.Frequency;
        Console.WriteLine($"// P1-measure {implementation}: best of {Runs} {operation} = {microseconds:F2} us");
    }

    [Benchmark, Row("Sign+Verify", "CryptoCli")]
    public bool OursSignVerify() => Ours.TrySignHash(Hash, Signature, out _) && Ours.VerifyHash(Hash.AsSpan(), Signature.AsSpan());

    [Benchmark, Row("Sign+Verify", "BuiltIn")]
    public bool BuiltInSignVerify() => BuiltIn.TrySignHash(Hash, Signature, out _) && BuiltIn.VerifyHash(Hash.AsSpan(), Signature.AsSpan());

    [Benchmark, Row("Sign+Verify", "BouncyCastle")]
    public bool BouncyCastleSignVerify()
    {
        BcBigInteger[] rs = BouncySigner.GenerateSignature(Hash);
        return BouncyVerifier.VerifySignature(Hash, rs[0], rs[1]);
    }
}
