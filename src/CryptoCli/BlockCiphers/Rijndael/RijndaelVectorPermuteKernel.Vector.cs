// Rijndael with 128-bit blocks (AES, and the 160/224-bit key sizes) without AES instructions, one block per 128-bit
// register: Hamburg's vector-permute technique ("Accelerating AES with Vector Permute Instructions", CHES 2009), the
// one behind OpenSSL's vpaes, written here from the algorithm (tables and their derivation in
// RijndaelVectorPermuteTables.Vector.cs). SubBytes is an inversion in a tower field GF((2^4)^2) computed from
// 16-entry look-ups of nibbles, each one byte shuffle (x86 pshufb, Arm tbl) on registers: no memory address and no
// branch depends on the key or the data, so the kernel is constant-time by construction, key schedule included (its
// SubWord runs on the bitsliced circuit, RijndaelBitslice.ExpandKey).
//
// Unlike the bitsliced kernel, whose serial path fills one block into a pass sized for four, a lone block costs one
// block's work, which is what CBC and CFB encryption, OFB, CMAC and the single-block calls need. Between rounds the
// state stays in the tower representation: MixColumns and the change of basis are GF(2)-linear on bytes, so they are
// folded into the output tables and into the round keys (with the S-box's constant 0x63, which MixColumns leaves
// unchanged). ECB, CBC decryption and the counter blocks run four blocks interleaved.
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Tables = CryptoCli.RijndaelVectorPermuteTables;

namespace CryptoCli;

/// <summary>
/// The vector-permute kernel for 128-bit blocks on shuffle backend <typeparamref name="TShuffle"/>;
/// <see cref="RijndaelSsse3Kernel"/> and <see cref="RijndaelNeonKernel"/> name its two instances. Constant-time.
/// </summary>
internal abstract class RijndaelVectorPermuteKernel<TShuffle> : BlockCipherKernel, ICbcEncryptKernel, ICbcMacKernel,
    ICbcDecryptKernel, ICfbEncryptKernel
    where TShuffle : struct, IByteShuffle
{
    private const int Lanes = 4;

    // Encryption: [0] = Encode(K0); [r] = Encode(Kr xor 63) for the middle rounds; [Nr] = KNr xor 63 (the last round
    // ends in the AES representation); [Nr + 1] = Encode(KNr xor 63) xor [0], the CBC chain's step from one block's
    // last round straight into the next block's first (see ChainCbc).
    private readonly Vector128<byte>[] _encryptionKeys;

    // Decryption (the equivalent inverse cipher, FIPS-197 5.3.5): [0] = DecodeInverse(KNr xor 63);
    // [n] = DecodeInverse(InvMixColumns(KNr-n) xor 63); [Nr] = K0.
    private readonly Vector128<byte>[] _decryptionKeys;
    private readonly int _rounds;

    protected RijndaelVectorPermuteKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        uint[] words = RijndaelBitslice.ExpandKey(key, 4);
        int rounds = words.Length / 4 - 1;
        _rounds = rounds;
        _encryptionKeys = new Vector128<byte>[rounds + 2];
        _decryptionKeys = new Vector128<byte>[rounds + 1];
        Vector128<byte> constant = Vector128.Create((byte)0x63);
        for (int round = 0; round <= rounds; round++)
        {
            Vector128<byte> roundKey = Vector128.Create(
                words[4 * round], words[4 * round + 1], words[4 * round + 2], words[4 * round + 3]).AsByte();
            if (round == 0)
            {
                _encryptionKeys[0] = Encode(roundKey);
                _decryptionKeys[rounds] = roundKey;
            }
            else if (round == rounds)
            {
                _encryptionKeys[rounds] = roundKey ^ constant;
                _encryptionKeys[rounds + 1] = Encode(roundKey ^ constant) ^ _encryptionKeys[0];
                _decryptionKeys[0] = DecodeInverse(roundKey ^ constant);
            }
            else
            {
                _encryptionKeys[round] = Encode(roundKey ^ constant);
                _decryptionKeys[rounds - round] = DecodeInverse(InverseMixColumns(roundKey) ^ constant);
            }
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(words.AsSpan()));
    }

    public override string Name => "vperm";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
        int length = source.Length;
        int offset = length >= Lanes * 16 ? EncryptLanes(ref keys, _rounds, ref src, ref dst, length) : 0;
        for (; offset < length; offset += 16)
        {
            EncryptBlock(ref keys, _rounds, Load(ref src, offset)).StoreUnsafe(ref dst, (nuint)offset);
        }
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_decryptionKeys);
        int length = source.Length;
        int offset = length >= Lanes * 16 ? DecryptLanes(ref keys, _rounds, ref src, ref dst, length) : 0;
        for (; offset < length; offset += 16)
        {
            DecryptBlock(ref keys, _rounds, Load(ref src, offset)).StoreUnsafe(ref dst, (nuint)offset);
        }
    }

    public override void EncryptBlock(ReadOnlySpan<byte> source, Span<byte> destination) =>
        EncryptBlock(ref MemoryMarshal.GetArrayDataReference(_encryptionKeys), _rounds,
            Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(source)))
            .StoreUnsafe(ref MemoryMarshal.GetReference(destination));

    public override void DecryptBlock(ReadOnlySpan<byte> source, Span<byte> destination) =>
        DecryptBlock(ref MemoryMarshal.GetArrayDataReference(_decryptionKeys), _rounds,
            Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(source)))
            .StoreUnsafe(ref MemoryMarshal.GetReference(destination));

    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        if (source.IsEmpty)
        {
            return;
        }

        ref byte chainRef = ref MemoryMarshal.GetReference(chainingValue);
        ChainCbc(ref MemoryMarshal.GetArrayDataReference(_encryptionKeys), _rounds,
            ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length,
            Vector128.LoadUnsafe(ref chainRef), storeCiphertext: true).StoreUnsafe(ref chainRef);
    }

    public void MacCbc(ReadOnlySpan<byte> source, Span<byte> chainingValue)
    {
        if (source.IsEmpty)
        {
            return;
        }

        ref byte chainRef = ref MemoryMarshal.GetReference(chainingValue);
        ref byte src = ref MemoryMarshal.GetReference(source);
        ChainCbc(ref MemoryMarshal.GetArrayDataReference(_encryptionKeys), _rounds, ref src, ref src, source.Length,
            Vector128.LoadUnsafe(ref chainRef), storeCiphertext: false).StoreUnsafe(ref chainRef);
    }

    public void EncryptCfb(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> register)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
        Vector128<byte> feedback = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(register));
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            feedback = EncryptBlock(ref keys, _rounds, feedback) ^ Load(ref src, offset);
            feedback.StoreUnsafe(ref dst, (nuint)offset);
        }

        feedback.StoreUnsafe(ref MemoryMarshal.GetReference(register));
    }

    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref byte dst = ref MemoryMarshal.GetReference(destination);
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_decryptionKeys);
        ref byte chainRef = ref MemoryMarshal.GetReference(chainingValue);
        Vector128<byte> chain = Vector128.LoadUnsafe(ref chainRef);
        int length = source.Length;
        int offset = length >= Lanes * 16
            ? DecryptCbcLanes(ref keys, _rounds, ref src, ref dst, length, ref chain)
            : 0;
        for (; offset < length; offset += 16)
        {
            Vector128<byte> c = Load(ref src, offset);
            (DecryptBlock(ref keys, _rounds, c) ^ chain).StoreUnsafe(ref dst, (nuint)offset);
            chain = c;
        }

        chain.StoreUnsafe(ref chainRef);
    }

    // The serial chains and the four-block loops are out of line and compiled optimised at once: called once per
    // message, they would otherwise run as unoptimised first-tier code until the runtime recompiles them.

    /// <summary>
    /// The serial CBC chain over whole blocks (at least one); returns the last ciphertext block. The chain is latency
    /// bound, so the step from one block to the next skips the AES representation: the next block's first state is
    /// Encode(C xor P') xor K0 = ShiftRows(SboxIo/SboxJo look-ups) xor Encode(KNr xor 63) xor K0 xor Encode(P'), whose
    /// last two terms are ready off the chain; the ciphertext itself, when wanted, comes from the same nibbles.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static Vector128<byte> ChainCbc(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst,
        int length, Vector128<byte> chain, bool storeCiphertext)
    {
        Vector128<byte> lastKey = Unsafe.Add(ref keys, rounds);
        Vector128<byte> chainKey = Unsafe.Add(ref keys, rounds + 1);
        Vector128<byte> state = Encode(Vector128.LoadUnsafe(ref src) ^ chain) ^ keys;
        int lastOffset = length - 16;
        for (int offset = 0; offset < lastOffset; offset += 16)
        {
            // Read before this block's ciphertext is stored, so that in-place encryption works.
            Vector128<byte> next = Encode(Load(ref src, offset + 16)) ^ chainKey;
            Inverse(MiddleRounds(ref keys, rounds, state), out Vector128<byte> io, out Vector128<byte> jo);
            state = TShuffle.Shuffle(Lookup(Tables.SboxIo, Tables.SboxJo, io, jo), Tables.ShiftRows) ^ next;
            if (storeCiphertext)
            {
                (TShuffle.Shuffle(Lookup(Tables.SboxLastIo, Tables.SboxLastJo, io, jo), Tables.ShiftRows) ^ lastKey)
                    .StoreUnsafe(ref dst, (nuint)offset);
            }
        }

        Vector128<byte> last = EncryptLastRound(MiddleRounds(ref keys, rounds, state), lastKey);
        if (storeCiphertext)
        {
            last.StoreUnsafe(ref dst, (nuint)lastOffset);
        }

        return last;
    }

    /// <summary>ECB encryption of every whole run of four blocks; returns the bytes done.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int EncryptLanes(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int length)
    {
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            Vector128<byte> key = keys;
            Vector128<byte> s0 = Encode(Load(ref src, offset)) ^ key;
            Vector128<byte> s1 = Encode(Load(ref src, offset + 16)) ^ key;
            Vector128<byte> s2 = Encode(Load(ref src, offset + 32)) ^ key;
            Vector128<byte> s3 = Encode(Load(ref src, offset + 48)) ^ key;
            for (int round = 1; round < rounds; round++)
            {
                key = Unsafe.Add(ref keys, round);
                s0 = EncryptRound(s0, key);
                s1 = EncryptRound(s1, key);
                s2 = EncryptRound(s2, key);
                s3 = EncryptRound(s3, key);
            }

            key = Unsafe.Add(ref keys, rounds);
            EncryptLastRound(s0, key).StoreUnsafe(ref dst, (nuint)offset);
            EncryptLastRound(s1, key).StoreUnsafe(ref dst, (nuint)offset + 16);
            EncryptLastRound(s2, key).StoreUnsafe(ref dst, (nuint)offset + 32);
            EncryptLastRound(s3, key).StoreUnsafe(ref dst, (nuint)offset + 48);
        }

        return offset;
    }

    /// <summary>ECB decryption of every whole run of four blocks; returns the bytes done.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int DecryptLanes(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int length)
    {
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            Decrypt4(ref keys, rounds, Load(ref src, offset), Load(ref src, offset + 16), Load(ref src, offset + 32),
                Load(ref src, offset + 48), out Vector128<byte> p0, out Vector128<byte> p1, out Vector128<byte> p2,
                out Vector128<byte> p3);
            p0.StoreUnsafe(ref dst, (nuint)offset);
            p1.StoreUnsafe(ref dst, (nuint)offset + 16);
            p2.StoreUnsafe(ref dst, (nuint)offset + 32);
            p3.StoreUnsafe(ref dst, (nuint)offset + 48);
        }

        return offset;
    }

    /// <summary>
    /// CBC decryption of every whole run of four blocks, <paramref name="chain"/> carried; returns the bytes done.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static int DecryptCbcLanes(ref Vector128<byte> keys, int rounds, ref byte src, ref byte dst, int length,
        ref Vector128<byte> chain)
    {
        int offset = 0;
        for (; offset <= length - Lanes * 16; offset += Lanes * 16)
        {
            // Every ciphertext block is read before any plaintext is stored, so in-place works.
            Vector128<byte> c0 = Load(ref src, offset), c1 = Load(ref src, offset + 16);
            Vector128<byte> c2 = Load(ref src, offset + 32), c3 = Load(ref src, offset + 48);
            Decrypt4(ref keys, rounds, c0, c1, c2, c3, out Vector128<byte> p0, out Vector128<byte> p1,
                out Vector128<byte> p2, out Vector128<byte> p3);
            (p0 ^ chain).StoreUnsafe(ref dst, (nuint)offset);
            (p1 ^ c0).StoreUnsafe(ref dst, (nuint)offset + 16);
            (p2 ^ c1).StoreUnsafe(ref dst, (nuint)offset + 32);
            (p3 ^ c2).StoreUnsafe(ref dst, (nuint)offset + 48);
            chain = c3;
        }

        return offset;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Decrypt4(ref Vector128<byte> keys, int rounds,
        Vector128<byte> c0, Vector128<byte> c1, Vector128<byte> c2, Vector128<byte> c3,
        out Vector128<byte> p0, out Vector128<byte> p1, out Vector128<byte> p2, out Vector128<byte> p3)
    {
        Vector128<byte> key = keys;
        Vector128<byte> s0 = DecodeInverse(c0) ^ key, s1 = DecodeInverse(c1) ^ key;
        Vector128<byte> s2 = DecodeInverse(c2) ^ key, s3 = DecodeInverse(c3) ^ key;
        for (int round = 1; round < rounds; round++)
        {
            key = Unsafe.Add(ref keys, round);
            s0 = DecryptRound(s0, key);
            s1 = DecryptRound(s1, key);
            s2 = DecryptRound(s2, key);
            s3 = DecryptRound(s3, key);
        }

        key = Unsafe.Add(ref keys, rounds);
        p0 = DecryptLastRound(s0, key);
        p1 = DecryptLastRound(s1, key);
        p2 = DecryptLastRound(s2, key);
        p3 = DecryptLastRound(s3, key);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> EncryptBlock(ref Vector128<byte> keys, int rounds, Vector128<byte> block) =>
        EncryptLastRound(MiddleRounds(ref keys, rounds, Encode(block) ^ keys), Unsafe.Add(ref keys, rounds));

    /// <summary>Rounds 1 to <paramref name="rounds"/> - 1 on a whitened state in the tower representation.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> MiddleRounds(ref Vector128<byte> keys, int rounds, Vector128<byte> state)
    {
        for (int round = 1; round < rounds; round++)
        {
            state = EncryptRound(state, Unsafe.Add(ref keys, round));
        }

        return state;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> DecryptBlock(ref Vector128<byte> keys, int rounds, Vector128<byte> block)
    {
        Vector128<byte> state = DecodeInverse(block) ^ keys;
        for (int round = 1; round < rounds; round++)
        {
            state = DecryptRound(state, Unsafe.Add(ref keys, round));
        }

        return DecryptLastRound(state, Unsafe.Add(ref keys, rounds));
    }

    /// <summary>
    /// SubBytes, ShiftRows, MixColumns and AddRoundKey on a state in the tower representation, giving the next one.
    /// With A the S-box's output (without 0x63) and B = 2A, MixColumns of the shifted rows is
    /// SR(B) xor rot1(SR(A xor B)) xor rot2(SR(A)) xor rot3(SR(A)), each shift-and-rotate one shuffle.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> EncryptRound(Vector128<byte> state, Vector128<byte> key)
    {
        Inverse(state, out Vector128<byte> io, out Vector128<byte> jo);
        Vector128<byte> a = Lookup(Tables.SboxIo, Tables.SboxJo, io, jo);
        Vector128<byte> b = Lookup(Tables.Sbox2Io, Tables.Sbox2Jo, io, jo);
        Vector128<byte> far = TShuffle.Shuffle(a, Tables.ShiftRowsRotate2)
            ^ TShuffle.Shuffle(a, Tables.ShiftRowsRotate3) ^ key;
        return TShuffle.Shuffle(b, Tables.ShiftRows) ^ TShuffle.Shuffle(a ^ b, Tables.ShiftRowsRotate1) ^ far;
    }

    /// <summary>SubBytes, ShiftRows and AddRoundKey, back to the AES representation.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> EncryptLastRound(Vector128<byte> state, Vector128<byte> key)
    {
        Inverse(state, out Vector128<byte> io, out Vector128<byte> jo);
        return TShuffle.Shuffle(Lookup(Tables.SboxLastIo, Tables.SboxLastJo, io, jo), Tables.ShiftRows) ^ key;
    }

    /// <summary>InvSubBytes, InvShiftRows, InvMixColumns and AddRoundKey (equivalent inverse cipher).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> DecryptRound(Vector128<byte> state, Vector128<byte> key)
    {
        Inverse(state, out Vector128<byte> io, out Vector128<byte> jo);
        Vector128<byte> e14 = Lookup(Tables.Inv14Io, Tables.Inv14Jo, io, jo);
        Vector128<byte> e11 = Lookup(Tables.Inv11Io, Tables.Inv11Jo, io, jo);
        Vector128<byte> e13 = Lookup(Tables.Inv13Io, Tables.Inv13Jo, io, jo);
        Vector128<byte> e9 = Lookup(Tables.Inv9Io, Tables.Inv9Jo, io, jo);
        return (TShuffle.Shuffle(e14, Tables.InverseShiftRows) ^ TShuffle.Shuffle(e11, Tables.InverseShiftRowsRotate1))
            ^ (TShuffle.Shuffle(e13, Tables.InverseShiftRowsRotate2)
                ^ TShuffle.Shuffle(e9, Tables.InverseShiftRowsRotate3) ^ key);
    }

    /// <summary>InvSubBytes, InvShiftRows and AddRoundKey, back to the AES representation.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> DecryptLastRound(Vector128<byte> state, Vector128<byte> key)
    {
        Inverse(state, out Vector128<byte> io, out Vector128<byte> jo);
        return TShuffle.Shuffle(Lookup(Tables.InvLastIo, Tables.InvLastJo, io, jo), Tables.InverseShiftRows) ^ key;
    }

    /// <summary>The inverse in GF(2^8) of each byte in the tower representation, as the nibble pair (io, jo) that the
    /// output tables read (see RijndaelVectorPermuteTables.Vector.cs).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Inverse(Vector128<byte> state, out Vector128<byte> io, out Vector128<byte> jo)
    {
        Vector128<byte> k = state & Vector128.Create((byte)0x0F);
        Vector128<byte> i = HighNibbles(state);
        Vector128<byte> ak = TShuffle.Shuffle(Tables.ScaledInverseNibble, k);
        Vector128<byte> j = i ^ k;
        Vector128<byte> iak = TShuffle.Shuffle(Tables.InverseNibble, i) ^ ak;
        Vector128<byte> jak = TShuffle.Shuffle(Tables.InverseNibble, j) ^ ak;
        io = TShuffle.Shuffle(Tables.InverseNibble, iak) ^ j;
        jo = TShuffle.Shuffle(Tables.InverseNibble, jak) ^ i;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Lookup(Vector128<byte> byIo, Vector128<byte> byJo, Vector128<byte> io,
        Vector128<byte> jo) =>
        TShuffle.Shuffle(byIo, io) ^ TShuffle.Shuffle(byJo, jo);

    /// <summary>Each byte from the AES field to the tower representation.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Encode(Vector128<byte> value) =>
        TShuffle.Shuffle(Tables.EncodeLow, value & Vector128.Create((byte)0x0F))
        ^ TShuffle.Shuffle(Tables.EncodeHigh, HighNibbles(value));

    /// <summary>Each byte through the inverse of the S-box's linear part, then into the tower representation.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> DecodeInverse(Vector128<byte> value) =>
        TShuffle.Shuffle(Tables.DecodeInverseLow, value & Vector128.Create((byte)0x0F))
        ^ TShuffle.Shuffle(Tables.DecodeInverseHigh, HighNibbles(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> HighNibbles(Vector128<byte> value) =>
        Vector128.ShiftRightLogical(value.AsUInt16(), 4).AsByte() & Vector128.Create((byte)0x0F);

    /// <summary>InvMixColumns of a round key (key setup only), by doublings with masks: no table, no branch.</summary>
    private static Vector128<byte> InverseMixColumns(Vector128<byte> value)
    {
        Vector128<byte> x2 = Double(value), x4 = Double(x2), x8 = Double(x4);
        Vector128<byte> x9 = x8 ^ value;
        return (x8 ^ x4 ^ x2) ^ TShuffle.Shuffle(x9 ^ x2, Tables.RotateColumns1)
            ^ TShuffle.Shuffle(x9 ^ x4, Tables.RotateColumns2) ^ TShuffle.Shuffle(x9, Tables.RotateColumns3);
    }

    /// <summary>Each byte times x in the AES field.</summary>
    private static Vector128<byte> Double(Vector128<byte> value) =>
        (Vector128.ShiftLeft(value.AsUInt16(), 1).AsByte() & Vector128.Create((byte)0xFE))
        ^ (Vector128.ShiftRightArithmetic(value.AsSByte(), 7).AsByte() & Vector128.Create((byte)0x1B));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Load(ref byte source, int offset) =>
        Vector128.LoadUnsafe(ref source, (nuint)offset);

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys);
    }
}
