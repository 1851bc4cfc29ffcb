using System;
using System.Linq;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// MUGI: every record of Vectors/mugi through the public type (keystream and XOR, both directions) and the reference,
/// chunked keystream equal to the one-shot, the fast kernel against the reference, the fused tables, and errors.
/// </summary>
public class MugiTests
{
    /// <summary>Every vector through the reference and every registered kernel: the checks shared with the Mono runner.</summary>
    [Fact]
    public void AllVectors_EveryKernelAndReference() => new MugiVectorChecks().CheckEveryFile();

    public static TheoryData<string> Kernels() => FamilyKernelRegistries.SupportedNames(MugiCore.Kernels);

    [Fact]
    public void ChunkedKeystream_EqualsOneShot_RandomChunkSizes()
    {
        Random random = TestRandom.Create(4101);
        for (int trial = 0; trial < 40; trial++)
        {
            byte[] key = TestRandom.Bytes(random, 16);
            byte[] iv = TestRandom.Bytes(random, 16);
            int length = random.Next(0, 1200);
            byte[] oneShot = new byte[length];
            using (var mugi = new Mugi(key, iv))
            {
                mugi.GenerateKeystream(oneShot);
            }

            byte[] message = TestRandom.Bytes(random, length);
            byte[] chunkedKeystream = new byte[length];
            byte[] chunkedCiphertext = new byte[length];
            using var keystreamGenerator = new Mugi(key, iv);
            using var cipher = new Mugi(key, iv);
            int offset = 0;
            while (offset < length)
            {
                // Mostly short chunks (unit and block boundaries), sometimes long ones (the 16-update path).
                int chunk = Math.Min(length - offset, random.Next(4) == 0 ? random.Next(0, 400) : random.Next(0, 20));
                keystreamGenerator.GenerateKeystream(chunkedKeystream.AsSpan(offset, chunk));
                cipher.Transform(message.AsSpan(offset, chunk), chunkedCiphertext.AsSpan(offset, chunk));
                offset += chunk;
            }

            Assert.True(oneShot.AsSpan().SequenceEqual(chunkedKeystream), $"seed 4101 trial {trial}: chunked keystream");
            for (int i = 0; i < length; i++)
            {
                Assert.True(chunkedCiphertext[i] == (byte)(message[i] ^ oneShot[i]), $"seed 4101 trial {trial}: chunked Transform byte {i}");
            }
        }
    }

    /// <summary>Every registered kernel this process runs against the specification written out (MugiReference).</summary>
    [Theory]
    [MemberData(nameof(Kernels))]
    public void EveryKernel_EqualsReference_RandomKeys(string kernel)
    {
        KernelEntry<MugiCoreFactory> entry = MugiCore.Kernels.Get(kernel);
        int seed = 4102 + 2 * MugiCore.Kernels.Entries.ToList().IndexOf(entry);
        Random random = TestRandom.Create(seed);
        for (int trial = 0; trial < 25; trial++)
        {
            byte[] key = TestRandom.Bytes(random, 16);
            byte[] iv = TestRandom.Bytes(random, 16);
            int length = random.Next(1, 700);
            byte[] expected = MugiReference.Keystream(key, iv, length);
            byte[] actual = new byte[length];
            using var mugi = new Mugi(key, iv, entry);
            mugi.GenerateKeystream(actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"seed {seed} trial {trial} ({mugi.Core.Name}): length {length}");

            // Continue with an odd split so the one-update path and the 16-update path both run after a partial unit.
            byte[] more = new byte[300];
            mugi.GenerateKeystream(more.AsSpan(0, 3));
            mugi.GenerateKeystream(more.AsSpan(3));
            byte[] expectedMore = MugiReference.Keystream(key, iv, length + 300).AsSpan(length, 300).ToArray();
            Assert.True(expectedMore.AsSpan().SequenceEqual(more), $"seed {seed} trial {trial} ({mugi.Core.Name}): continuation");
        }
    }

    [Fact]
    public void FusedTables_EqualReferenceF()
    {
        ref ulong t = ref System.Runtime.InteropServices.MemoryMarshal.GetReference(MugiCore.Tables.AsSpan());
        Random random = TestRandom.Create(4103);
        byte[] bytes = new byte[8];
        for (int trial = 0; trial < 2000; trial++)
        {
            random.NextBytes(bytes);
            ulong x = BitConverter.ToUInt64(bytes, 0);
            Assert.Equal(MugiReference.F(x), MugiCore.F(ref t, x));
        }

        // Every byte value in every position.
        for (int position = 0; position < 8; position++)
        {
            for (int value = 0; value < 256; value++)
            {
                ulong x = (ulong)value << (8 * position);
                Assert.Equal(MugiReference.F(x), MugiCore.F(ref t, x));
            }
        }
    }

    [Fact]
    public void WrongKeyOrIVSize_Throws()
    {
        Assert.Throws<CryptographicException>(() => new Mugi(new byte[15], new byte[16]));
        Assert.Throws<CryptographicException>(() => new Mugi(new byte[17], new byte[16]));
        Assert.Throws<CryptographicException>(() => new Mugi(new byte[32], new byte[16]));
        Assert.Throws<ArgumentException>("iv", () => new Mugi(new byte[16], new byte[8]));
        Assert.Throws<ArgumentException>("iv", () => new Mugi(new byte[16], new byte[17]));
        Assert.Equal(16, Mugi.KeySizeInBytes);
        Assert.Equal(16, Mugi.IVSizeInBytes);
    }

    [Fact]
    public void ShortDestination_ThrowsWithoutWritingOrAdvancing()
    {
        byte[] key = new byte[16], iv = new byte[16];
        using var mugi = new Mugi(key, iv);
        byte[] destination = Enumerable.Repeat((byte)0xa5, 9).ToArray();
        Assert.Throws<ArgumentException>("destination", () => mugi.Transform(new byte[10], destination));
        Assert.All(destination, b => Assert.Equal(0xa5, b));

        // The failed call consumed no keystream.
        byte[] keystream = new byte[24];
        mugi.GenerateKeystream(keystream);
        Assert.Equal(MugiReference.Keystream(key, iv, 24), keystream);

        // A longer destination: only source.Length bytes are written.
        byte[] longer = Enumerable.Repeat((byte)0x5a, 12).ToArray();
        mugi.Transform(new byte[4], longer);
        Assert.Equal(MugiReference.Keystream(key, iv, 28).AsSpan(24).ToArray(), longer.AsSpan(0, 4).ToArray());
        Assert.All(longer.AsSpan(4).ToArray(), b => Assert.Equal(0x5a, b));
    }

    [Fact]
    public void PartialOverlap_Throws()
    {
        using var mugi = new Mugi(new byte[16], new byte[16]);
        byte[] buffer = new byte[64];
        Assert.Throws<ArgumentException>("destination", () => mugi.Transform(buffer.AsSpan(0, 32), buffer.AsSpan(8, 32)));
    }

    [Fact]
    public void Dispose_WipesState_ThenThrows()
    {
        var mugi = new Mugi(Enumerable.Range(1, 16).Select(i => (byte)i).ToArray(), new byte[16]);
        mugi.GenerateKeystream(new byte[13]);
        Assert.Contains(mugi.Core.State, w => w != 0);
        mugi.Dispose();
        Assert.All(mugi.Core.State, w => Assert.Equal(0ul, w));
        Assert.Throws<ObjectDisposedException>(() => mugi.GenerateKeystream(new byte[8]));
        Assert.Throws<ObjectDisposedException>(() => mugi.Transform(new byte[8], new byte[8]));
        mugi.Dispose(); // idempotent
    }
}
