using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>
/// The portable Rijndael kernel, for every block size (4..8 words) and key size, written with the CLI techniques:
/// T-tables that fold SubBytes and MixColumns, table reads without bounds checks
/// (<see cref="Unsafe.Add{T}(ref T, int)"/> over refs held in locals), <c>(byte)</c> casts for byte extraction, and
/// <c>stackalloc</c> state for wide blocks. AES-sized blocks go two at a time with their rounds interleaved, the round
/// keys in locals, BMI1's BEXTR for byte extraction where the CPU has it, and a table last round
/// (<see cref="RijndaelTables.Te4"/>); CTR and CBC decryption are fused loops over those two-block steps. Word loads
/// and stores go through <see cref="ByteOrder"/> (little-endian column words), so the kernel is endian-correct.
/// Not constant-time: table indices depend on secret data (cache timing).
/// </summary>
internal sealed class RijndaelPortableKernel : BlockCipherKernel, ICbcDecryptKernel, ICounterModeKernel
{
    private readonly uint[] _encryptionKey;
    private readonly uint[] _decryptionKey;
    private readonly int _blockWords;
    private readonly int _rounds;
    private readonly int _shift1, _shift2, _shift3;

    public RijndaelPortableKernel(ReadOnlySpan<byte> key, int blockSizeInBytes)
        : base(blockSizeInBytes)
    {
        _blockWords = blockSizeInBytes / 4;
        _encryptionKey = RijndaelKeySchedule.ExpandEncryptionKey(key, _blockWords);
        _decryptionKey = RijndaelKeySchedule.ToDecryptionKey(_encryptionKey, _blockWords);
        _rounds = _encryptionKey.Length / _blockWords - 1;
        // ShiftRows offsets of rows 1..3 (Rijndael proposal, Table 2).
        (_shift1, _shift2, _shift3) = _blockWords switch { < 7 => (1, 2, 3), 7 => (1, 2, 4), _ => (1, 3, 4) };
        // Before the AggressiveOptimization loops compile, so the byte-order test folds away.
        ByteOrder.EnsureInitialized();
    }

    public override string Name => "portable";

    internal uint[] EncryptionKey => _encryptionKey;

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length);
        if (_blockWords == 4)
        {
            Encrypt4(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination),
                source.Length);
            return;
        }

        int blockSize = BlockSizeInBytes;
        for (int offset = 0; offset < source.Length; offset += blockSize)
        {
            Transform(source.Slice(offset, blockSize), destination.Slice(offset, blockSize), encrypt: true);
        }
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length >= source.Length);
        if (_blockWords == 4)
        {
            Decrypt4(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination),
                source.Length);
            return;
        }

        int blockSize = BlockSizeInBytes;
        for (int offset = 0; offset < source.Length; offset += blockSize)
        {
            Transform(source.Slice(offset, blockSize), destination.Slice(offset, blockSize), encrypt: false);
        }
    }

    // AES-sized blocks (4 words), the whole buffer in one call. Two blocks per step, their rounds interleaved: a round
    // of one block is a dependency chain (byte extraction, table load, XOR tree) that leaves most of the core idle, so
    // the second block's round fills it; the eight state words, the round key's four and the table and key refs
    // nearly fit x64's registers (a few spills outside the round loop).
    // Bytes 1 and 2 of a word are extracted with one BEXTR where BMI1 exists (instead of shift and zero-extension);
    // the last round reads pre-shifted S-box words (Te4/Td4), so it is a table round without MixColumns instead of
    // byte loads, shifts and ORs. An odd last block takes the one-block path.
    // Fully optimised at once: a one-block call would otherwise enter the loop through on-stack replacement on every
    // call until tier 1 replaces the method (measured 180-300 ns instead of 60-80 ns per block in short benchmark
    // runs).
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void Encrypt4(ref byte source, ref byte destination, int length)
    {
        ref uint te = ref MemoryMarshal.GetReference(RijndaelTables.Te.AsSpan());
        ref uint te4 = ref MemoryMarshal.GetReference(RijndaelTables.Te4.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        int rounds = _rounds;
        int offset = 0;
        for (; offset <= length - 32; offset += 32)
        {
            EncryptTwo(ref te, ref te4, ref key, rounds, ref Unsafe.Add(ref source, offset),
                ref Unsafe.Add(ref destination, offset));
        }

        if (offset < length)
        {
            EncryptOne(ref te, ref te4, ref key, rounds, ref Unsafe.Add(ref source, offset),
                ref Unsafe.Add(ref destination, offset));
        }
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void Decrypt4(ref byte source, ref byte destination, int length)
    {
        ref uint td = ref MemoryMarshal.GetReference(RijndaelTables.Td.AsSpan());
        ref uint td4 = ref MemoryMarshal.GetReference(RijndaelTables.Td4.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_decryptionKey.AsSpan());
        int rounds = _rounds;
        int offset = 0;
        for (; offset <= length - 32; offset += 32)
        {
            DecryptTwo(ref td, ref td4, ref key, rounds, ref Unsafe.Add(ref source, offset),
                ref Unsafe.Add(ref destination, offset));
        }

        if (offset < length)
        {
            DecryptOne(ref td, ref td4, ref key, rounds, ref Unsafe.Add(ref source, offset),
                ref Unsafe.Add(ref destination, offset));
        }
    }

    /// <summary>
    /// CTR, fused for AES-sized blocks: the counter lives in a <see cref="Counter128"/> local, each pair of counter
    /// blocks is encrypted by the two-block path in a stack buffer and XORed straight into the output (the generic loop
    /// fills a 512-byte buffer with counter blocks, encrypts it and XORs it in a separate pass). Wide blocks take the
    /// generic loop.
    /// </summary>
    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counter, CounterWidth width)
    {
        if (_blockWords != 4)
        {
            Ctr.TransformWithBlocks(this, source, destination, counter, width);
            return;
        }

        Debug.Assert(destination.Length == source.Length && counter.Length == 16);
        if (source.IsEmpty)
        {
            return;
        }

        var blocks = new Counter128(counter, width);
        Span<byte> keystream = stackalloc byte[32];
        Ctr4(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length,
            ref blocks, ref MemoryMarshal.GetReference(keystream));
        blocks.Store(counter);
        CryptographicOperations.ZeroMemory(keystream);
    }

    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void Ctr4(ref byte source, ref byte destination, int length, ref Counter128 counter, ref byte keystream)
    {
        ref uint te = ref MemoryMarshal.GetReference(RijndaelTables.Te.AsSpan());
        ref uint te4 = ref MemoryMarshal.GetReference(RijndaelTables.Te4.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_encryptionKey.AsSpan());
        int rounds = _rounds;
        Counter128 blocks = counter;
        for (int offset = 0; offset < length; offset += 32)
        {
            blocks.WriteAndIncrement(ref keystream);
            Counter128 afterOne = blocks;
            blocks.WriteAndIncrement(ref Unsafe.Add(ref keystream, 16));
            EncryptTwo(ref te, ref te4, ref key, rounds, ref keystream, ref keystream);
            ref byte input = ref Unsafe.Add(ref source, offset);
            ref byte output = ref Unsafe.Add(ref destination, offset);
            int remaining = length - offset;
            if (remaining >= 32)
            {
                ByteOrder.WriteUInt64LittleEndian(ref output, 0,
                    ByteOrder.ReadUInt64LittleEndian(ref input, 0) ^
                    ByteOrder.ReadUInt64LittleEndian(ref keystream, 0));
                ByteOrder.WriteUInt64LittleEndian(ref output, 8,
                    ByteOrder.ReadUInt64LittleEndian(ref input, 8) ^
                    ByteOrder.ReadUInt64LittleEndian(ref keystream, 8));
                ByteOrder.WriteUInt64LittleEndian(ref output, 16,
                    ByteOrder.ReadUInt64LittleEndian(ref input, 16) ^
                    ByteOrder.ReadUInt64LittleEndian(ref keystream, 16));
                ByteOrder.WriteUInt64LittleEndian(ref output, 24,
                    ByteOrder.ReadUInt64LittleEndian(ref input, 24) ^
                    ByteOrder.ReadUInt64LittleEndian(ref keystream, 24));
                continue;
            }

            // The last 1..31 bytes; the counter moves past the blocks used only.
            if (remaining <= 16)
            {
                blocks = afterOne;
            }

            for (int i = 0; i < remaining; i++)
            {
                Unsafe.Add(ref output, i) = (byte)(Unsafe.Add(ref input, i) ^ Unsafe.Add(ref keystream, i));
            }
        }

        counter = blocks;
    }

    /// <summary>
    /// CBC decryption, fused for AES-sized blocks: two blocks are decrypted together and XORed with their predecessors
    /// in the same pass. In place works: a pair's ciphertext is saved on the stack before its plaintext is written.
    /// Wide blocks go one at a time through the same save-then-decrypt steps.
    /// </summary>
    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        int blockSize = BlockSizeInBytes;
        Debug.Assert(source.Length % blockSize == 0 && destination.Length == source.Length
            && chainingValue.Length == blockSize);
        if (_blockWords != 4)
        {
            Span<byte> saved = stackalloc byte[32];
            Span<byte> ciphertext = saved.Slice(0, blockSize);
            for (int offset = 0; offset < source.Length; offset += blockSize)
            {
                source.Slice(offset, blockSize).CopyTo(ciphertext);
                Span<byte> plaintext = destination.Slice(offset, blockSize);
                Transform(ciphertext, plaintext, encrypt: false);
                SpanHelpers.Xor(plaintext, chainingValue, plaintext);
                ciphertext.CopyTo(chainingValue);
            }

            CryptographicOperations.ZeroMemory(saved);
            return;
        }

        Span<byte> chain = stackalloc byte[48];
        chainingValue.CopyTo(chain);
        DecryptCbc4(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length,
            ref MemoryMarshal.GetReference(chain));
        chain.Slice(0, 16).CopyTo(chainingValue);
        CryptographicOperations.ZeroMemory(chain);
    }

    /// <summary>
    /// CBC decryption; <paramref name="chain"/> is 48 bytes: the previous ciphertext block in bytes 0..15 (on entry
    /// and on exit), then room for the ciphertext of the pair being decrypted.
    /// </summary>
    [MethodImpl(CompileOptions.OptimizeAtOnce)]
    private void DecryptCbc4(ref byte source, ref byte destination, int length, ref byte chain)
    {
        ref uint td = ref MemoryMarshal.GetReference(RijndaelTables.Td.AsSpan());
        ref uint td4 = ref MemoryMarshal.GetReference(RijndaelTables.Td4.AsSpan());
        ref uint key = ref MemoryMarshal.GetReference(_decryptionKey.AsSpan());
        int rounds = _rounds;
        for (int offset = 0; offset < length; offset += 32)
        {
            ref byte input = ref Unsafe.Add(ref source, offset);
            ref byte output = ref Unsafe.Add(ref destination, offset);
            // chain = previous block ‖ this pair's ciphertext: the 32 bytes each plaintext block is XORed with, shifted
            // by one block.
            bool pair = length - offset >= 32;
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref chain, 16), ref input, pair ? 32u : 16u);
            if (pair)
            {
                DecryptTwo(ref td, ref td4, ref key, rounds, ref input, ref output);
            }
            else
            {
                DecryptOne(ref td, ref td4, ref key, rounds, ref input, ref output);
            }

            int bytes = pair ? 32 : 16;
            for (int i = 0; i < bytes; i += 8)
            {
                ByteOrder.WriteUInt64LittleEndian(ref output, i,
                    ByteOrder.ReadUInt64LittleEndian(ref output, i) ^ ByteOrder.ReadUInt64LittleEndian(ref chain, i));
            }

            Unsafe.CopyBlockUnaligned(ref chain, ref Unsafe.Add(ref chain, bytes), 16);
        }
    }

    /// <summary>
    /// AES encryption of the two blocks at <paramref name="input"/> into <paramref name="output"/> (both read before
    /// either is written, so in place works): whitening, rounds - 1 table rounds and the last round.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EncryptTwo(ref uint te, ref uint te4, ref uint key, int rounds, ref byte input, ref byte output)
    {
        ref uint rk = ref key;
        uint a0 = ByteOrder.ReadUInt32LittleEndian(ref input, 0) ^ rk,
            a1 = ByteOrder.ReadUInt32LittleEndian(ref input, 4) ^ Unsafe.Add(ref rk, 1);
        uint a2 = ByteOrder.ReadUInt32LittleEndian(ref input, 8) ^ Unsafe.Add(ref rk, 2),
            a3 = ByteOrder.ReadUInt32LittleEndian(ref input, 12) ^ Unsafe.Add(ref rk, 3);
        uint b0 = ByteOrder.ReadUInt32LittleEndian(ref input, 16) ^ rk,
            b1 = ByteOrder.ReadUInt32LittleEndian(ref input, 20) ^ Unsafe.Add(ref rk, 1);
        uint b2 = ByteOrder.ReadUInt32LittleEndian(ref input, 24) ^ Unsafe.Add(ref rk, 2),
            b3 = ByteOrder.ReadUInt32LittleEndian(ref input, 28) ^ Unsafe.Add(ref rk, 3);
        for (int round = 1; round < rounds; round++)
        {
            rk = ref Unsafe.Add(ref rk, 4);
            uint k0 = rk, k1 = Unsafe.Add(ref rk, 1), k2 = Unsafe.Add(ref rk, 2), k3 = Unsafe.Add(ref rk, 3);
            uint t0 = Column(ref te, a0, a1, a2, a3, k0), t1 = Column(ref te, a1, a2, a3, a0, k1);
            uint t2 = Column(ref te, a2, a3, a0, a1, k2), t3 = Column(ref te, a3, a0, a1, a2, k3);
            a0 = t0; a1 = t1; a2 = t2; a3 = t3;
            t0 = Column(ref te, b0, b1, b2, b3, k0); t1 = Column(ref te, b1, b2, b3, b0, k1);
            t2 = Column(ref te, b2, b3, b0, b1, k2); t3 = Column(ref te, b3, b0, b1, b2, k3);
            b0 = t0; b1 = t1; b2 = t2; b3 = t3;
        }

        rk = ref Unsafe.Add(ref rk, 4);
        ByteOrder.WriteUInt32LittleEndian(ref output, 0, Column(ref te4, a0, a1, a2, a3, rk));
        ByteOrder.WriteUInt32LittleEndian(ref output, 4, Column(ref te4, a1, a2, a3, a0, Unsafe.Add(ref rk, 1)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 8, Column(ref te4, a2, a3, a0, a1, Unsafe.Add(ref rk, 2)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 12, Column(ref te4, a3, a0, a1, a2, Unsafe.Add(ref rk, 3)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 16, Column(ref te4, b0, b1, b2, b3, rk));
        ByteOrder.WriteUInt32LittleEndian(ref output, 20, Column(ref te4, b1, b2, b3, b0, Unsafe.Add(ref rk, 1)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 24, Column(ref te4, b2, b3, b0, b1, Unsafe.Add(ref rk, 2)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 28, Column(ref te4, b3, b0, b1, b2, Unsafe.Add(ref rk, 3)));
    }

    /// <summary><see cref="EncryptTwo"/> on one block (not inlined: the two-block loop keeps its registers).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void EncryptOne(ref uint te, ref uint te4, ref uint key, int rounds, ref byte input, ref byte output)
    {
        ref uint rk = ref key;
        uint s0 = ByteOrder.ReadUInt32LittleEndian(ref input, 0) ^ rk,
            s1 = ByteOrder.ReadUInt32LittleEndian(ref input, 4) ^ Unsafe.Add(ref rk, 1);
        uint s2 = ByteOrder.ReadUInt32LittleEndian(ref input, 8) ^ Unsafe.Add(ref rk, 2),
            s3 = ByteOrder.ReadUInt32LittleEndian(ref input, 12) ^ Unsafe.Add(ref rk, 3);
        for (int round = 1; round < rounds; round++)
        {
            rk = ref Unsafe.Add(ref rk, 4);
            uint t0 = Column(ref te, s0, s1, s2, s3, rk), t1 = Column(ref te, s1, s2, s3, s0, Unsafe.Add(ref rk, 1));
            uint t2 = Column(ref te, s2, s3, s0, s1, Unsafe.Add(ref rk, 2)),
                t3 = Column(ref te, s3, s0, s1, s2, Unsafe.Add(ref rk, 3));
            s0 = t0; s1 = t1; s2 = t2; s3 = t3;
        }

        rk = ref Unsafe.Add(ref rk, 4);
        ByteOrder.WriteUInt32LittleEndian(ref output, 0, Column(ref te4, s0, s1, s2, s3, rk));
        ByteOrder.WriteUInt32LittleEndian(ref output, 4, Column(ref te4, s1, s2, s3, s0, Unsafe.Add(ref rk, 1)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 8, Column(ref te4, s2, s3, s0, s1, Unsafe.Add(ref rk, 2)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 12, Column(ref te4, s3, s0, s1, s2, Unsafe.Add(ref rk, 3)));
    }

    /// <summary>The equivalent inverse cipher on two blocks, as <see cref="EncryptTwo"/>: InvShiftRows makes output
    /// column j read column j - r for row r.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void DecryptTwo(ref uint td, ref uint td4, ref uint key, int rounds, ref byte input, ref byte output)
    {
        ref uint rk = ref key;
        uint a0 = ByteOrder.ReadUInt32LittleEndian(ref input, 0) ^ rk,
            a1 = ByteOrder.ReadUInt32LittleEndian(ref input, 4) ^ Unsafe.Add(ref rk, 1);
        uint a2 = ByteOrder.ReadUInt32LittleEndian(ref input, 8) ^ Unsafe.Add(ref rk, 2),
            a3 = ByteOrder.ReadUInt32LittleEndian(ref input, 12) ^ Unsafe.Add(ref rk, 3);
        uint b0 = ByteOrder.ReadUInt32LittleEndian(ref input, 16) ^ rk,
            b1 = ByteOrder.ReadUInt32LittleEndian(ref input, 20) ^ Unsafe.Add(ref rk, 1);
        uint b2 = ByteOrder.ReadUInt32LittleEndian(ref input, 24) ^ Unsafe.Add(ref rk, 2),
            b3 = ByteOrder.ReadUInt32LittleEndian(ref input, 28) ^ Unsafe.Add(ref rk, 3);
        for (int round = 1; round < rounds; round++)
        {
            rk = ref Unsafe.Add(ref rk, 4);
            uint k0 = rk, k1 = Unsafe.Add(ref rk, 1), k2 = Unsafe.Add(ref rk, 2), k3 = Unsafe.Add(ref rk, 3);
            uint t0 = Column(ref td, a0, a3, a2, a1, k0), t1 = Column(ref td, a1, a0, a3, a2, k1);
            uint t2 = Column(ref td, a2, a1, a0, a3, k2), t3 = Column(ref td, a3, a2, a1, a0, k3);
            a0 = t0; a1 = t1; a2 = t2; a3 = t3;
            t0 = Column(ref td, b0, b3, b2, b1, k0); t1 = Column(ref td, b1, b0, b3, b2, k1);
            t2 = Column(ref td, b2, b1, b0, b3, k2); t3 = Column(ref td, b3, b2, b1, b0, k3);
            b0 = t0; b1 = t1; b2 = t2; b3 = t3;
        }

        rk = ref Unsafe.Add(ref rk, 4);
        ByteOrder.WriteUInt32LittleEndian(ref output, 0, Column(ref td4, a0, a3, a2, a1, rk));
        ByteOrder.WriteUInt32LittleEndian(ref output, 4, Column(ref td4, a1, a0, a3, a2, Unsafe.Add(ref rk, 1)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 8, Column(ref td4, a2, a1, a0, a3, Unsafe.Add(ref rk, 2)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 12, Column(ref td4, a3, a2, a1, a0, Unsafe.Add(ref rk, 3)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 16, Column(ref td4, b0, b3, b2, b1, rk));
        ByteOrder.WriteUInt32LittleEndian(ref output, 20, Column(ref td4, b1, b0, b3, b2, Unsafe.Add(ref rk, 1)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 24, Column(ref td4, b2, b1, b0, b3, Unsafe.Add(ref rk, 2)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 28, Column(ref td4, b3, b2, b1, b0, Unsafe.Add(ref rk, 3)));
    }

    /// <summary><see cref="DecryptTwo"/> on one block (not inlined, as <see cref="EncryptOne"/>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DecryptOne(ref uint td, ref uint td4, ref uint key, int rounds, ref byte input, ref byte output)
    {
        ref uint rk = ref key;
        uint s0 = ByteOrder.ReadUInt32LittleEndian(ref input, 0) ^ rk,
            s1 = ByteOrder.ReadUInt32LittleEndian(ref input, 4) ^ Unsafe.Add(ref rk, 1);
        uint s2 = ByteOrder.ReadUInt32LittleEndian(ref input, 8) ^ Unsafe.Add(ref rk, 2),
            s3 = ByteOrder.ReadUInt32LittleEndian(ref input, 12) ^ Unsafe.Add(ref rk, 3);
        for (int round = 1; round < rounds; round++)
        {
            rk = ref Unsafe.Add(ref rk, 4);
            uint t0 = Column(ref td, s0, s3, s2, s1, rk), t1 = Column(ref td, s1, s0, s3, s2, Unsafe.Add(ref rk, 1));
            uint t2 = Column(ref td, s2, s1, s0, s3, Unsafe.Add(ref rk, 2)),
                t3 = Column(ref td, s3, s2, s1, s0, Unsafe.Add(ref rk, 3));
            s0 = t0; s1 = t1; s2 = t2; s3 = t3;
        }

        rk = ref Unsafe.Add(ref rk, 4);
        ByteOrder.WriteUInt32LittleEndian(ref output, 0, Column(ref td4, s0, s3, s2, s1, rk));
        ByteOrder.WriteUInt32LittleEndian(ref output, 4, Column(ref td4, s1, s0, s3, s2, Unsafe.Add(ref rk, 1)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 8, Column(ref td4, s2, s1, s0, s3, Unsafe.Add(ref rk, 2)));
        ByteOrder.WriteUInt32LittleEndian(ref output, 12, Column(ref td4, s3, s2, s1, s0, Unsafe.Add(ref rk, 3)));
    }

    /// <summary>
    /// One output column of a table round: T0[byte 0 of w0] ^ T1[byte 1 of w1] ^ T2[byte 2 of w2] ^ T3[byte 3 of w3] ^
    /// key, the four 256-word tables one after the other from <paramref name="table"/>; two XOR pairs so the tree is
    /// two deep.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Column(ref uint table, uint w0, uint w1, uint w2, uint w3, uint key) =>
        (Unsafe.Add(ref table, (nuint)(byte)w0) ^ Unsafe.Add(ref table, ByteExtractor.Byte(w1, 8) + 256)) ^
        (Unsafe.Add(ref table, ByteExtractor.Byte(w2, 16) + 512) ^ Unsafe.Add(ref table, (nuint)(w3 >> 24) + 768)
            ^ key);

    /// <summary>S-box only (no MixColumns): row r of the output column comes from word <c>r</c> of the
    /// arguments.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint LastRound(ref byte box, uint w0, uint w1, uint w2, uint w3) =>
        Unsafe.Add(ref box, (byte)w0) | ((uint)Unsafe.Add(ref box, ByteExtractor.Byte(w1, 8)) << 8) |
        ((uint)Unsafe.Add(ref box, ByteExtractor.Byte(w2, 16)) << 16) |
        ((uint)Unsafe.Add(ref box, (int)(w3 >> 24)) << 24);

    // Wide blocks (5..8 words): the state in stackalloc'd spans; column c of row r comes from column c ± shift_r.
    private void Transform(ReadOnlySpan<byte> input, Span<byte> output, bool encrypt)
    {
        int nb = _blockWords;
        Span<uint> state = stackalloc uint[8];
        Span<uint> next = stackalloc uint[8];
        Span<int> from1 = stackalloc int[8];
        Span<int> from2 = stackalloc int[8];
        Span<int> from3 = stackalloc int[8];
        for (int c = 0; c < nb; c++)
        {
            int direction = encrypt ? 1 : nb - 1; // decryption shifts right: c - shift = c + (nb - 1)·shift mod nb
            from1[c] = (c + direction * _shift1) % nb;
            from2[c] = (c + direction * _shift2) % nb;
            from3[c] = (c + direction * _shift3) % nb;
        }

        uint[] keys = encrypt ? _encryptionKey : _decryptionKey;
        ref uint t0 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te0 : RijndaelTables.Td0).AsSpan());
        ref uint t1 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te1 : RijndaelTables.Td1).AsSpan());
        ref uint t2 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te2 : RijndaelTables.Td2).AsSpan());
        ref uint t3 = ref MemoryMarshal.GetReference((encrypt ? RijndaelTables.Te3 : RijndaelTables.Td3).AsSpan());
        ref byte box = ref MemoryMarshal.GetReference(
            (encrypt ? RijndaelTables.SBox : RijndaelTables.InverseSBox).AsSpan());
        ref uint rk = ref MemoryMarshal.GetReference(keys.AsSpan());

        for (int c = 0; c < nb; c++)
        {
            state[c] = ByteOrder.ReadUInt32LittleEndian(ref MemoryMarshal.GetReference(input),
                4 * c) ^ Unsafe.Add(ref rk, c);
        }

        for (int round = 1; round < _rounds; round++)
        {
            rk = ref Unsafe.Add(ref rk, nb);
            for (int c = 0; c < nb; c++)
            {
                next[c] = Unsafe.Add(ref t0, (byte)state[c]) ^
                          Unsafe.Add(ref t1, ByteExtractor.Byte(state[from1[c]], 8)) ^
                          Unsafe.Add(ref t2, ByteExtractor.Byte(state[from2[c]], 16)) ^
                          Unsafe.Add(ref t3, (int)(state[from3[c]] >> 24)) ^ Unsafe.Add(ref rk, c);
            }

            Span<uint> swap = state;
            state = next;
            next = swap;
        }

        rk = ref Unsafe.Add(ref rk, nb);
        for (int c = 0; c < nb; c++)
        {
            uint word = LastRound(ref box, state[c], state[from1[c]], state[from2[c]],
                state[from3[c]]) ^ Unsafe.Add(ref rk, c);
            ByteOrder.WriteUInt32LittleEndian(ref MemoryMarshal.GetReference(output), 4 * c, word);
        }

        state.Clear();
        next.Clear();
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_encryptionKey.AsSpan()));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(_decryptionKey.AsSpan()));
    }
}
