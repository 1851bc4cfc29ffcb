// Camellia (RFC 3713), byte-sliced kernel on AES-NI + SSSE3 (and AVX2 where present): 128-bit block, 128/192/256-bit
// keys. The rounds are written once in CamelliaByteSliced.X86.cs, generic over the register width and the S-box
// backend; this file holds the kernel (key preparation, passes, modes, shared with the GFNI backend of
// CamelliaGfniKernel.X86.cs), the 128- and 256-bit widths and the AES-NI backend.
// The AES-NI backend computes an S-box as one affine input map (two PSHUFB nibble look-ups, the round key folded in),
// AESENCLAST or AESDECLAST with a zero key (the AES S-box or its inverse) and one affine output map; rounds alternate
// AESENCLAST and AESDECLAST so that their ShiftRows and InvShiftRows cancel instead of being undone by a shuffle each
// round. The affine maps are derived at start-up (CamelliaAffine.cs). .NET 10 has no 256-bit VAES intrinsics, so
// with AVX2 the byte-wise work runs on 32 blocks per instruction and AESENCLAST/AESDECLAST on each 128-bit half
// (libgcrypt's camellia-aesni-avx2 does the same).
using System;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using System.Security.Cryptography;
using X86Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoCli;

/// <summary>
/// A byte-sliced kernel for ECB, CTR, XTS and CBC decryption of 16 blocks or more per call, generic over the S-box
/// backend; shorter calls, the tail of fewer than 16 blocks and CBC encryption (serial) go to the 64-bit table kernel
/// it holds, which shares the same key schedule. A call runs in passes of one batch in the widest registers in use
/// (64 blocks with 512-bit registers, 32 with 256-bit ones, 16 with 128-bit ones), each copied into a stack buffer
/// beside its state (see Passes), then batches of narrower registers down to 16 blocks; with 256-bit registers a last
/// 16-block batch runs as half of a 256-bit one.
/// The byte-sliced passes are constant-time: no secret-dependent branch or memory index.
/// </summary>
internal class CamelliaByteSlicedKernel<TSBoxes> : BlockCipherKernel, ICbcEncryptKernel, ICbcDecryptKernel,
    ICounterModeKernel, IXtsDataUnitsKernel
    where TSBoxes : struct, ICamelliaSBoxes
{
    private const int BlockBytes = 16;
    private const int MinimumBulkBytes = 256; // one 16-block batch
    private readonly string _name;
    private readonly CamelliaTable64Kernel _table;
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;
    private readonly Vector256<byte>[]? _encryptionKeys256;
    private readonly Vector256<byte>[]? _decryptionKeys256;
    private readonly Vector512<byte>[]? _encryptionKeys512;
    private readonly Vector512<byte>[]? _decryptionKeys512;
    private readonly int _groups;

    /// <summary>
    /// A kernel whose widest registers have <paramref name="registerBits"/> bits (128, 256 or 512): the caller checks
    /// that this process has the instructions of that width and every narrower one for the backend.
    /// </summary>
    internal CamelliaByteSlicedKernel(ReadOnlySpan<byte> key, int registerBits, string name)
        : base(16)
    {
        Debug.Assert(registerBits is 128 or 256 or 512);
        _name = name;
        _table = new CamelliaTable64Kernel(key);
        _groups = key.Length == 16 ? 3 : 4;
        _encryptionKeys = Broadcast(_table.EncryptionKey);
        _decryptionKeys = Broadcast(_table.DecryptionKey);
        if (registerBits >= 256)
        {
            _encryptionKeys256 = Widen(_encryptionKeys);
            _decryptionKeys256 = Widen(_decryptionKeys);
        }

        if (registerBits == 512)
        {
            _encryptionKeys512 = Widen512(_encryptionKeys);
            _decryptionKeys512 = Widen512(_decryptionKeys);
        }

        PassBytes = 2 * 16 * registerBits / 8;
    }

    public override string Name => _name;

    /// <summary>
    /// Two batches of the widest registers in use: the stack buffer of a pass, one batch's state followed by the
    /// batch itself.
    /// </summary>
    private int PassBytes { get; }

    private static Vector256<byte>[] Widen(Vector128<byte>[] vectors)
    {
        var wide = new Vector256<byte>[vectors.Length];
        for (int i = 0; i < vectors.Length; i++)
        {
            wide[i] = Vector256.Create(vectors[i], vectors[i]);
        }

        return wide;
    }

    private static Vector512<byte>[] Widen512(Vector128<byte>[] vectors)
    {
        var wide = new Vector512<byte>[vectors.Length];
        for (int i = 0; i < vectors.Length; i++)
        {
            Vector256<byte> half = Vector256.Create(vectors[i], vectors[i]);
            wide[i] = Vector512.Create(half, half);
        }

        return wide;
    }

    // Each 64-bit subkey becomes eight vectors, one per byte j (0 = most significant). Whitening and FL keys are that
    // byte in every lane; round keys take the backend's form (the AES-NI backend folds them into the input affine map
    // of their S-box, for the AESENCLAST rounds (D1 -> D2) or the AESDECLAST rounds (D2 -> D1)).
    private static Vector128<byte>[] Broadcast(ulong[] subkeys)
    {
        var vectors = new Vector128<byte>[subkeys.Length * 8];
        for (int i = 0; i < subkeys.Length; i++)
        {
            int position = (i - 2) % 8; // 0..5: rounds of a 6-round group; 6, 7: FL keys
            bool round = i >= 2 && i < subkeys.Length - 2 && position < 6;
            bool inverse = (position & 1) != 0;
            for (int j = 0; j < 8; j++)
            {
                byte keyByte = (byte)(subkeys[i] >> (56 - 8 * j));
                vectors[8 * i + j] = round ? TSBoxes.RoundKey(keyByte, j, inverse) : Vector128.Create(keyByte);
            }
        }

        return vectors;
    }

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, encrypt: true);

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination) =>
        Transform(source, destination, encrypt: false);

    public void EncryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue) =>
        _table.EncryptCbc(source, destination, chainingValue);

    /// <summary>
    /// The byte-sliced passes over <paramref name="length"/> bytes (a multiple of 256) from input to output, which
    /// may be the same memory; <paramref name="state"/> is the stack buffer of <see cref="PassBytes"/> bytes.
    /// </summary>
    private void Bulk(ref byte input, ref byte output, int length, bool encrypt, Span<byte> state)
    {
        var copy = default(PlainCopy);
        Bulk(ref input, ref output, length, encrypt, state, default, ref copy);
    }

    /// <summary>
    /// <see cref="Bulk(ref byte, ref byte, int, bool, Span{byte})"/> with each batch moved into and out of its stack
    /// copy by <paramref name="copy"/>; <paramref name="tweaks"/> holds <see cref="PassBytes"/> / 2 bytes when the
    /// copy needs them (XTS's tweaks of one batch), else it is empty.
    /// </summary>
    private void Bulk<TCopy>(
        ref byte input, ref byte output, int length, bool encrypt, Span<byte> state, Span<byte> tweaks, ref TCopy copy)
        where TCopy : struct, IBatchCopy
    {
        Debug.Assert(length % MinimumBulkBytes == 0 && state.Length >= PassBytes);
        int offset = 0;
        Vector512<byte>[]? keys512 = encrypt ? _encryptionKeys512 : _decryptionKeys512;
        if (keys512 is not null)
        {
#if NET10_0_OR_GREATER
            offset = Passes<CamelliaSlice512, TCopy>(
                ref Unsafe.As<Vector512<byte>, byte>(ref MemoryMarshal.GetArrayDataReference(keys512)),
                ref input, ref output, offset, length, state, tweaks, ref copy);
#else
            Debug.Fail("512-bit registers are used from .NET 10 on (GFNI)");
#endif
        }

        Vector256<byte>[]? keys256 = encrypt ? _encryptionKeys256 : _decryptionKeys256;
        if (keys256 is not null && offset != length)
        {
            offset = Passes<CamelliaSlice256, TCopy>(
                ref Unsafe.As<Vector256<byte>, byte>(ref MemoryMarshal.GetArrayDataReference(keys256)),
                ref input, ref output, offset, length, state, tweaks, ref copy);
        }

        if (offset != length && keys256 is not null)
        {
            // One 16-block batch is left (the 256-bit passes take every 32). It runs as the first half of a 256-bit
            // batch, in the second half of the state buffer: about the same time as a 128-bit batch here, and the
            // 128-bit rounds' time varied with repeated data where the 256-bit rounds' did not
            // (docs/leakage-test.md). The 128-bit rounds remain for processes without AVX2.
            Debug.Assert(length - offset == MinimumBulkBytes && state.Length >= 4 * MinimumBulkBytes);
            Span<byte> padded = state.Slice(2 * MinimumBulkBytes, 2 * MinimumBulkBytes);
            copy.CopyIn(MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref input, offset), MinimumBulkBytes),
                padded.Slice(0, MinimumBulkBytes), tweaks);
            padded.Slice(MinimumBulkBytes).Clear();
            ref byte wide = ref MemoryMarshal.GetReference(padded);
            ref CamelliaSlice256 s = ref Unsafe.As<byte, CamelliaSlice256>(ref MemoryMarshal.GetReference(state));
            CamelliaByteSliced<CamelliaSlice256, TSBoxes>.Run(
                ref Unsafe.As<Vector256<byte>, CamelliaSlice256>(ref MemoryMarshal.GetArrayDataReference(keys256)),
                _groups, ref wide, ref wide, ref s, 1);
            copy.CopyOut(padded.Slice(0, MinimumBulkBytes),
                MemoryMarshal.CreateSpan(ref Unsafe.Add(ref output, offset), MinimumBulkBytes), tweaks);
            offset = length;
        }

        if (offset != length)
        {
            Vector128<byte>[] keys128 = encrypt ? _encryptionKeys : _decryptionKeys;
            Passes<CamelliaSlice128, TCopy>(
                ref Unsafe.As<Vector128<byte>, byte>(ref MemoryMarshal.GetArrayDataReference(keys128)),
                ref input, ref output, offset, length, state, tweaks, ref copy);
        }
    }

    /// <summary>
    /// Passes of one batch of <typeparamref name="TSlice"/> while a whole batch remains; returns the new offset. Each
    /// batch is copied into the stack buffer right after its state, encrypted there in place and copied out. Run
    /// straight from the caller's buffers, or two batches at a time with the buffer twice as large, the kernel's time
    /// varied with repeated plaintext; with this layout the timing test finds no difference. The cause is not known, so
    /// the layout is kept exactly: it costs about a fifth of the speed of long calls (the two-batch passes overlapped
    /// one batch's rounds with the other's). The measurements are in docs/leakage-test.md. XTS whitens each batch on
    /// its way into and out of the stack copy (<typeparamref name="TCopy"/>), so its layout is the same.
    /// </summary>
    private int Passes<TSlice, TCopy>(ref byte keys, ref byte input, ref byte output, int offset, int length,
        Span<byte> state, Span<byte> tweaks, ref TCopy copy)
        where TSlice : struct, ICamelliaSlice<TSlice>
        where TCopy : struct, IBatchCopy
    {
        ref TSlice k = ref Unsafe.As<byte, TSlice>(ref keys);
        ref TSlice s = ref Unsafe.As<byte, TSlice>(ref MemoryMarshal.GetReference(state));
        int batch = CamelliaByteSliced<TSlice, TSBoxes>.BatchBytes;
        Span<byte> staging = state.Slice(batch, batch);
        ref byte staged = ref MemoryMarshal.GetReference(staging);
        while (length - offset >= batch)
        {
            copy.CopyIn(MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref input, offset), batch), staging, tweaks);
            CamelliaByteSliced<TSlice, TSBoxes>.Run(ref k, _groups, ref staged, ref staged, ref s, 1);
            copy.CopyOut(staging, MemoryMarshal.CreateSpan(ref Unsafe.Add(ref output, offset), batch), tweaks);
            offset += batch;
        }

        return offset;
    }

    private void Transform(ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt)
    {
        int bulk = source.Length / MinimumBulkBytes * MinimumBulkBytes;
        if (bulk != 0)
        {
            Span<byte> state = stackalloc byte[PassBytes];
            Bulk(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), bulk, encrypt,
                state);
            CryptographicOperations.ZeroMemory(state);
        }

        if (bulk != source.Length)
        {
            if (encrypt)
            {
                _table.EncryptBlocks(source.Slice(bulk), destination.Slice(bulk));
            }
            else
            {
                _table.DecryptBlocks(source.Slice(bulk), destination.Slice(bulk));
            }
        }
    }

    public void DecryptCbc(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> chainingValue)
    {
        int bulk = source.Length / MinimumBulkBytes * MinimumBulkBytes;
        if (bulk != 0)
        {
            int pass = PassBytes;
            Span<byte> state = stackalloc byte[pass];
            Span<byte> saved = stackalloc byte[pass];
            ref byte dst = ref MemoryMarshal.GetReference(destination);
            ref byte ciphertext = ref MemoryMarshal.GetReference(saved);
            Vector128<byte> chain = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(chainingValue));
            for (int offset = 0; offset < bulk; )
            {
                int chunk = Math.Min(pass, bulk - offset);
                source.Slice(offset, chunk).CopyTo(saved); // in-place decryption overwrites the ciphertext
                ref byte output = ref Unsafe.Add(ref dst, offset);
                Bulk(ref ciphertext, ref output, chunk, encrypt: false, state);
                (Vector128.LoadUnsafe(ref output) ^ chain).StoreUnsafe(ref output);
                for (nuint i = 16; i < (nuint)chunk; i += 16)
                {
                    (Vector128.LoadUnsafe(ref output, i)
                        ^ Vector128.LoadUnsafe(ref ciphertext, i - 16)).StoreUnsafe(ref output, i);
                }

                chain = Vector128.LoadUnsafe(ref ciphertext, (nuint)chunk - 16);
                offset += chunk;
            }

            chain.StoreUnsafe(ref MemoryMarshal.GetReference(chainingValue));
            CryptographicOperations.ZeroMemory(state);
            CryptographicOperations.ZeroMemory(saved);
        }

        if (bulk != source.Length)
        {
            Cbc.DecryptBlocks(_table, source.Slice(bulk), destination.Slice(bulk), chainingValue);
        }
    }

    public void TransformCtr(ReadOnlySpan<byte> source, Span<byte> destination, Span<byte> counterBlock,
        CounterWidth width)
    {
        int bulk = source.Length / MinimumBulkBytes * MinimumBulkBytes;
        if (bulk != 0)
        {
            int pass = PassBytes;
            Span<byte> state = stackalloc byte[pass];
            Span<byte> keystream = stackalloc byte[pass];
            ref byte src = ref MemoryMarshal.GetReference(source);
            ref byte dst = ref MemoryMarshal.GetReference(destination);
            ref byte stream = ref MemoryMarshal.GetReference(keystream);
            var counter = new Counter128(counterBlock, width);
            for (int offset = 0; offset < bulk; )
            {
                int chunk = Math.Min(pass, bulk - offset);
                // Counter blocks: big-endian stores without bounds checks (the pass buffer holds at least chunk bytes).
                for (int i = 0; i < chunk; i += BlockBytes)
                {
                    counter.WriteAndIncrement(ref Unsafe.Add(ref stream, i));
                }

                Bulk(ref stream, ref stream, chunk, encrypt: true, state);
                ref byte input = ref Unsafe.Add(ref src, offset);
                ref byte output = ref Unsafe.Add(ref dst, offset);
                for (nuint i = 0; i < (nuint)chunk; i += 32)
                {
                    (Vector256.LoadUnsafe(ref input, i) ^ Vector256.LoadUnsafe(ref stream, i))
                        .StoreUnsafe(ref output, i);
                }

                offset += chunk;
            }

            counter.Store(counterBlock);
            CryptographicOperations.ZeroMemory(state);
            CryptographicOperations.ZeroMemory(keystream);
        }

        if (bulk != source.Length)
        {
            _table.TransformCtr(source.Slice(bulk), destination.Slice(bulk), counterBlock, width);
        }
    }

    /// <summary>
    /// XTS's XEX (<see cref="IXtsKernel"/>): the byte-sliced passes whiten each batch as they copy it to the stack and
    /// back (<see cref="XtsWhitening"/>); the blocks after the last whole 16-block batch go through the table kernel
    /// between the same two whitening steps.
    /// </summary>
    public void TransformXts(ReadOnlySpan<byte> source, Span<byte> destination, ref ulong tweakLo, ref ulong tweakHi,
        bool encrypt)
    {
        var whitening = new XtsWhitening(Vector128.Create(tweakLo, tweakHi).AsByte());
        TransformXts(source, destination, encrypt, ref whitening);
        tweakLo = whitening.Tweak.AsUInt64().GetElement(0);
        tweakHi = whitening.Tweak.AsUInt64().GetElement(1);
    }

    /// <summary>
    /// Many data units (<see cref="IXtsDataUnitsKernel"/>) as one run of passes: the whitening starts each unit's tweak
    /// chain again at the unit's first block (<see cref="XtsUnitsWhitening"/>), so a batch may hold several units and
    /// the stack buffers are made and wiped once for all of them.
    /// </summary>
    public void TransformXtsDataUnits(ReadOnlySpan<byte> source, Span<byte> destination, int dataUnitBytes,
        ReadOnlySpan<byte> tweaks, bool encrypt)
    {
        Debug.Assert(dataUnitBytes > 0 && dataUnitBytes % BlockBytes == 0 && source.Length % dataUnitBytes == 0);
        int units = source.Length / dataUnitBytes;
        Debug.Assert(units <= BlockCipherXts.DataUnitsPerKernelCall && tweaks.Length >= units * BlockBytes);
        var whitening = new XtsUnitsWhitening(dataUnitBytes, tweaks.Slice(0, units * BlockBytes));
        TransformXts(source, destination, encrypt, ref whitening);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref whitening, 1)));
    }

    /// <summary>
    /// XEX over whole blocks with <paramref name="whitening"/> on both sides of the passes. The stack buffers are
    /// written before they are read (the state by the transposition, the copies and tweaks by the whitening, the
    /// padding of a half batch explicitly), so they are not zeroed on entry; they are wiped on exit.
    /// </summary>
    [SkipLocalsInit]
    private void TransformXts<TWhitening>(
        ReadOnlySpan<byte> source, Span<byte> destination, bool encrypt, ref TWhitening whitening)
        where TWhitening : struct, IBatchCopy
    {
        int bulk = source.Length / MinimumBulkBytes * MinimumBulkBytes;
        if (bulk != 0)
        {
            int pass = PassBytes;
            Span<byte> state = stackalloc byte[pass + pass / 2];
            Bulk(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), bulk, encrypt,
                state.Slice(0, pass), state.Slice(pass), ref whitening);
            CryptographicOperations.ZeroMemory(state);
        }

        int rest = source.Length - bulk;
        if (rest != 0)
        {
            Span<byte> tweaks = stackalloc byte[MinimumBulkBytes];
            Span<byte> tail = destination.Slice(bulk, rest);
            whitening.CopyIn(source.Slice(bulk, rest), tail, tweaks);
            if (encrypt)
            {
                _table.EncryptBlocks(tail, tail);
            }
            else
            {
                _table.DecryptBlocks(tail, tail);
            }

            whitening.CopyOut(tail, tail, tweaks);
            CryptographicOperations.ZeroMemory(tweaks.Slice(0, rest));
        }
    }

    protected override void Dispose(bool disposing)
    {
        _table.Dispose();
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys256);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys256);
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys512);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys512);
    }

    internal Vector128<byte>[] EncryptionKeys => _encryptionKeys;

    /// <summary>
    /// How the byte-sliced passes move a batch between the caller's buffers and its stack copy (same length, whole
    /// blocks): a plain copy, or XTS's whitening on both sides.
    /// </summary>
    private interface IBatchCopy
    {
        /// <summary>The batch <paramref name="input"/> into <paramref name="staged"/>.</summary>
        public void CopyIn(ReadOnlySpan<byte> input, Span<byte> staged, Span<byte> tweaks);

        /// <summary>The processed batch <paramref name="staged"/> out to <paramref name="output"/>.</summary>
        public void CopyOut(ReadOnlySpan<byte> staged, Span<byte> output, ReadOnlySpan<byte> tweaks);
    }

    /// <summary>The batch copied to the stack and back unchanged (ECB, CTR's keystream, CBC decryption).</summary>
    private struct PlainCopy : IBatchCopy
    {
        public readonly void CopyIn(ReadOnlySpan<byte> input, Span<byte> staged, Span<byte> tweaks) =>
            input.CopyTo(staged);

        public readonly void CopyOut(ReadOnlySpan<byte> staged, Span<byte> output, ReadOnlySpan<byte> tweaks) =>
            staged.CopyTo(output);
    }

    /// <summary>
    /// XTS's whitening: on the way in, block j becomes B_j xor T_j with T_j stored to the tweak buffer and T advanced
    /// by α (<see cref="Gf128.MultiplyByAlpha"/>, masks and no branch); on the way out each block is xored with its
    /// stored T_j again. <see cref="Tweak"/> is the next block's tweak, as 128-bit vector of the tweak's bytes.
    /// </summary>
    private struct XtsWhitening(Vector128<byte> tweak) : IBatchCopy
    {
        public Vector128<byte> Tweak = tweak;

        public void CopyIn(ReadOnlySpan<byte> input, Span<byte> staged, Span<byte> tweaks)
        {
            Debug.Assert(staged.Length == input.Length && tweaks.Length >= input.Length && input.Length % 16 == 0);
            ref byte source = ref MemoryMarshal.GetReference(input);
            ref byte target = ref MemoryMarshal.GetReference(staged);
            ref byte stored = ref MemoryMarshal.GetReference(tweaks);
            nuint length = (nuint)input.Length, offset = 0;
            Vector128<byte> t = Tweak;
            if (Vector512.IsHardwareAccelerated && length >= 4 * BlockBytes)
            {
                // Blocks 4i to 4i + 3 in one 512-bit register, stepped by α^4 in each lane.
                Vector128<byte> t1 = Gf128.MultiplyByAlpha(t);
                Vector128<byte> t2 = Gf128.MultiplyByAlpha(t1);
                Vector512<byte> four = Vector512.Create(
                    Vector256.Create(t, t1), Vector256.Create(t2, Gf128.MultiplyByAlpha(t2)));
                for (; offset + 4 * BlockBytes <= length; offset += 4 * BlockBytes)
                {
                    four.StoreUnsafe(ref stored, offset);
                    (Vector512.LoadUnsafe(ref source, offset) ^ four).StoreUnsafe(ref target, offset);
                    four = Gf128.MultiplyByAlpha4(four);
                }

                t = four.GetLower().GetLower();
            }
            else if (length >= 4 * BlockBytes)
            {
                // Four chains, each stepped by α^4: blocks 4i, 4i + 1, 4i + 2 and 4i + 3.
                Vector128<byte> t1 = Gf128.MultiplyByAlpha(t);
                Vector128<byte> t2 = Gf128.MultiplyByAlpha(t1);
                Vector128<byte> t3 = Gf128.MultiplyByAlpha(t2);
                for (; offset + 4 * BlockBytes <= length; offset += 4 * BlockBytes)
                {
                    Whiten(ref source, ref target, ref stored, offset, t);
                    Whiten(ref source, ref target, ref stored, offset + BlockBytes, t1);
                    Whiten(ref source, ref target, ref stored, offset + 2 * BlockBytes, t2);
                    Whiten(ref source, ref target, ref stored, offset + 3 * BlockBytes, t3);
                    t = Gf128.MultiplyByAlpha4(t);
                    t1 = Gf128.MultiplyByAlpha4(t1);
                    t2 = Gf128.MultiplyByAlpha4(t2);
                    t3 = Gf128.MultiplyByAlpha4(t3);
                }
            }

            for (; offset < length; offset += BlockBytes)
            {
                Whiten(ref source, ref target, ref stored, offset, t);
                t = Gf128.MultiplyByAlpha(t);
            }

            Tweak = t;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Whiten(ref byte source, ref byte target, ref byte stored, nuint offset, Vector128<byte> t)
        {
            t.StoreUnsafe(ref stored, offset);
            (Vector128.LoadUnsafe(ref source, offset) ^ t).StoreUnsafe(ref target, offset);
        }

        public readonly void CopyOut(ReadOnlySpan<byte> staged, Span<byte> output, ReadOnlySpan<byte> tweaks)
        {
            Debug.Assert(output.Length == staged.Length && tweaks.Length >= staged.Length);
            ref byte source = ref MemoryMarshal.GetReference(staged);
            ref byte target = ref MemoryMarshal.GetReference(output);
            ref byte stored = ref MemoryMarshal.GetReference(tweaks);
            nuint offset = 0;
            if (Vector512.IsHardwareAccelerated)
            {
                for (; offset + 64 <= (nuint)staged.Length; offset += 64)
                {
                    (Vector512.LoadUnsafe(ref source, offset) ^ Vector512.LoadUnsafe(ref stored, offset))
                        .StoreUnsafe(ref target, offset);
                }
            }

            for (; offset < (nuint)staged.Length; offset += BlockBytes)
            {
                (Vector128.LoadUnsafe(ref source, offset) ^ Vector128.LoadUnsafe(ref stored, offset))
                    .StoreUnsafe(ref target, offset);
            }
        }
    }

    /// <summary>
    /// XTS's whitening over consecutive data units: <see cref="XtsWhitening"/> within a unit, its tweak replaced by the
    /// next unit's initial tweak at each unit's first block, wherever that falls in a batch.
    /// </summary>
    private struct XtsUnitsWhitening : IBatchCopy
    {
        private readonly int _unitBytes;
        private XtsWhitening _chain;
        private InitialTweaks _initial;
        private int _next; // the index of the next unit's initial tweak
        private int _left; // the bytes left in the current unit

        public XtsUnitsWhitening(int unitBytes, ReadOnlySpan<byte> tweaks)
        {
            Debug.Assert(tweaks.Length is > 0 and <= BlockCipherXts.DataUnitsPerKernelCall * BlockBytes);
            _unitBytes = unitBytes;
            Span<Vector128<byte>> initial = _initial;
            tweaks.CopyTo(MemoryMarshal.AsBytes(initial));
            _chain = new XtsWhitening(_initial[0]);
            _next = 1;
            _left = unitBytes;
        }

        public void CopyIn(ReadOnlySpan<byte> input, Span<byte> staged, Span<byte> tweaks)
        {
            for (int offset = 0; offset < input.Length;)
            {
                if (_left == 0)
                {
                    _chain.Tweak = _initial[_next++];
                    _left = _unitBytes;
                }

                int length = Math.Min(_left, input.Length - offset);
                _chain.CopyIn(input.Slice(offset, length), staged.Slice(offset, length), tweaks.Slice(offset, length));
                offset += length;
                _left -= length;
            }
        }

        public readonly void CopyOut(ReadOnlySpan<byte> staged, Span<byte> output, ReadOnlySpan<byte> tweaks) =>
            _chain.CopyOut(staged, output, tweaks);
    }

    /// <summary>The initial tweaks of the data units of one <see cref="TransformXtsDataUnits"/> call.</summary>
    [InlineArray(BlockCipherXts.DataUnitsPerKernelCall)]
    private struct InitialTweaks
    {
        private Vector128<byte> _first;
    }
}

/// <summary>
/// The byte-sliced AES-NI kernel (<see cref="CamelliaByteSlicedKernel{TSBoxes}"/> with the AES-NI backend): 256-bit
/// registers with AVX2 (AES-NI on each half), 128-bit ones without.
/// </summary>
internal sealed class CamelliaAesNiKernel : CamelliaByteSlicedKernel<CamelliaAesNiSBoxes>
{
    public CamelliaAesNiKernel(ReadOnlySpan<byte> key)
        : this(key, Avx2.IsSupported)
    {
    }

    /// <summary>
    /// With <paramref name="useAvx2"/> false, 128-bit registers only (tests run that width on AVX2 machines too).
    /// </summary>
    internal CamelliaAesNiKernel(ReadOnlySpan<byte> key, bool useAvx2)
        : base(key, useAvx2 ? 256 : 128, "aesni")
    {
        Debug.Assert(IsSupported && (!useAvx2 || Avx2.IsSupported));
    }

    /// <summary>
    /// True when 32 blocks at a time run in 256-bit registers (AVX2 for the byte-wise work, AES-NI per half).
    /// </summary>
    public static bool UsesAvx2 => Avx2.IsSupported;

    public static bool IsSupported => X86Aes.IsSupported && Ssse3.IsSupported;

    /// <summary>
    /// Shuffle masks and the nibble tables of <see cref="CamelliaAffine"/> as vectors (static readonly: the JIT
    /// embeds them).
    /// </summary>
    internal static class Constants
    {
        public static readonly Vector128<byte> PreLow1 = Load(CamelliaAffine.PreLow1);
        public static readonly Vector128<byte> PreHigh1 = Load(CamelliaAffine.PreHigh1);
        public static readonly Vector128<byte> PreLow4 = Load(CamelliaAffine.PreLow4);
        public static readonly Vector128<byte> PreHigh4 = Load(CamelliaAffine.PreHigh4);
        public static readonly Vector128<byte> PostLow1 = Load(CamelliaAffine.PostLow1);
        public static readonly Vector128<byte> PostHigh1 = Load(CamelliaAffine.PostHigh1);
        public static readonly Vector128<byte> PostLow2 = Load(CamelliaAffine.PostLow2);
        public static readonly Vector128<byte> PostHigh2 = Load(CamelliaAffine.PostHigh2);
        public static readonly Vector128<byte> PostLow3 = Load(CamelliaAffine.PostLow3);
        public static readonly Vector128<byte> PostHigh3 = Load(CamelliaAffine.PostHigh3);
        public static readonly Vector128<byte> PreDecHigh1 = Load(CamelliaAffine.PreDecHigh1);
        public static readonly Vector128<byte> PreDecHigh4 = Load(CamelliaAffine.PreDecHigh4);
        public static readonly Vector128<byte> PostDecLow1 = Load(CamelliaAffine.PostDecLow1);
        public static readonly Vector128<byte> PostDecHigh1 = Load(CamelliaAffine.PostDecHigh1);
        public static readonly Vector128<byte> PostDecLow2 = Load(CamelliaAffine.PostDecLow2);
        public static readonly Vector128<byte> PostDecHigh2 = Load(CamelliaAffine.PostDecHigh2);
        public static readonly Vector128<byte> PostDecLow3 = Load(CamelliaAffine.PostDecLow3);
        public static readonly Vector128<byte> PostDecHigh3 = Load(CamelliaAffine.PostDecHigh3);

        /// <summary>ShiftRows (FIPS-197 5.1.2) as a PSHUFB mask: lane r + 4c takes lane r + 4((c + r) mod 4).</summary>
        public static readonly Vector128<byte> ShiftRows = Vector128.Create(
            (byte)0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11);

        /// <summary>
        /// Inverse ShiftRows (FIPS-197 5.3.1) as a PSHUFB mask: lane r + 4c takes lane r + 4((c - r) mod 4).
        /// </summary>
        public static readonly Vector128<byte> InverseShiftRows = Vector128.Create(
            (byte)0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3);

        private static Vector128<byte> Load(byte[] table) => Vector128.Create(table);
    }
}

/// <summary>16 blocks per register: SSE2/SSSE3 and 128-bit AES-NI.</summary>
internal struct CamelliaSlice128 : ICamelliaSlice<CamelliaSlice128>
{
    // Every operation sets the field of a default value (no constructor call): the kernel inlines a few hundred of
    // these per round, and each constructor would be one more inlining step against the JIT's per-method budget.
    private Vector128<byte> _value;

    public static int Blocks => 16;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 Create(Vector128<byte> pattern)
    {
        CamelliaSlice128 result = default;
        result._value = pattern;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 Create(byte value)
    {
        CamelliaSlice128 result = default;
        result._value = Vector128.Create(value);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 Load(ref byte source, nuint offset)
    {
        CamelliaSlice128 result = default;
        result._value = Vector128.LoadUnsafe(ref source, offset);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(CamelliaSlice128 value, ref byte destination, nuint offset) =>
        value._value.StoreUnsafe(ref destination, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 operator ^(CamelliaSlice128 left, CamelliaSlice128 right)
    {
        CamelliaSlice128 result = default;
        result._value = left._value ^ right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 operator &(CamelliaSlice128 left, CamelliaSlice128 right)
    {
        CamelliaSlice128 result = default;
        result._value = left._value & right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 operator |(CamelliaSlice128 left, CamelliaSlice128 right)
    {
        CamelliaSlice128 result = default;
        result._value = left._value | right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 Double(CamelliaSlice128 value)
    {
        CamelliaSlice128 result = default;
        result._value = Sse2.Add(value._value, value._value);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 ShiftRightLogical16(CamelliaSlice128 value, [ConstantExpected] byte count)
    {
        CamelliaSlice128 result = default;
        result._value = Sse2.ShiftRightLogical(value._value.AsUInt16(), count).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 Shuffle(CamelliaSlice128 table, CamelliaSlice128 indices)
    {
        CamelliaSlice128 result = default;
        result._value = Ssse3.Shuffle(table._value, indices._value);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 AesEncryptLast(CamelliaSlice128 value)
    {
        CamelliaSlice128 result = default;
        result._value = X86Aes.EncryptLast(value._value, Vector128<byte>.Zero);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 AesDecryptLast(CamelliaSlice128 value)
    {
        CamelliaSlice128 result = default;
        result._value = X86Aes.DecryptLast(value._value, Vector128<byte>.Zero);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 UnpackLow32(CamelliaSlice128 left, CamelliaSlice128 right)
    {
        CamelliaSlice128 result = default;
        result._value = Sse2.UnpackLow(left._value.AsUInt32(), right._value.AsUInt32()).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 UnpackHigh32(CamelliaSlice128 left, CamelliaSlice128 right)
    {
        CamelliaSlice128 result = default;
        result._value = Sse2.UnpackHigh(left._value.AsUInt32(), right._value.AsUInt32()).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 UnpackLow64(CamelliaSlice128 left, CamelliaSlice128 right)
    {
        CamelliaSlice128 result = default;
        result._value = Sse2.UnpackLow(left._value.AsUInt64(), right._value.AsUInt64()).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 UnpackHigh64(CamelliaSlice128 left, CamelliaSlice128 right)
    {
        CamelliaSlice128 result = default;
        result._value = Sse2.UnpackHigh(left._value.AsUInt64(), right._value.AsUInt64()).AsByte();
        return result;
    }
#if NET10_0_OR_GREATER

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 GaloisFieldAffineTransform(CamelliaSlice128 x, CamelliaSlice128 matrix,
        [ConstantExpected] byte constant)
    {
        CamelliaSlice128 result = default;
        result._value = Gfni.GaloisFieldAffineTransform(x._value, matrix._value, constant);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice128 GaloisFieldAffineTransformInverse(CamelliaSlice128 x, CamelliaSlice128 matrix,
        [ConstantExpected] byte constant)
    {
        CamelliaSlice128 result = default;
        result._value = Gfni.GaloisFieldAffineTransformInverse(x._value, matrix._value, constant);
        return result;
    }
#endif
}

/// <summary>
/// 32 blocks per register: AVX2 for the byte-wise work, 128-bit AES-NI on each half (no VAES intrinsics in .NET 10).
/// </summary>
internal struct CamelliaSlice256 : ICamelliaSlice<CamelliaSlice256>
{
    // Every operation sets the field of a default value (no constructor call): the kernel inlines a few hundred of
    // these per round, and each constructor would be one more inlining step against the JIT's per-method budget.
    private Vector256<byte> _value;

    public static int Blocks => 32;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 Create(Vector128<byte> pattern)
    {
        CamelliaSlice256 result = default;
        result._value = Vector256.Create(pattern, pattern);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 Create(byte value)
    {
        CamelliaSlice256 result = default;
        result._value = Vector256.Create(value);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 Load(ref byte source, nuint offset)
    {
        CamelliaSlice256 result = default;
        result._value = Vector256.LoadUnsafe(ref source, offset);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(CamelliaSlice256 value, ref byte destination, nuint offset) =>
        value._value.StoreUnsafe(ref destination, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 operator ^(CamelliaSlice256 left, CamelliaSlice256 right)
    {
        CamelliaSlice256 result = default;
        result._value = left._value ^ right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 operator &(CamelliaSlice256 left, CamelliaSlice256 right)
    {
        CamelliaSlice256 result = default;
        result._value = left._value & right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 operator |(CamelliaSlice256 left, CamelliaSlice256 right)
    {
        CamelliaSlice256 result = default;
        result._value = left._value | right._value;
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 Double(CamelliaSlice256 value)
    {
        CamelliaSlice256 result = default;
        result._value = Avx2.Add(value._value, value._value);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 ShiftRightLogical16(CamelliaSlice256 value, [ConstantExpected] byte count)
    {
        CamelliaSlice256 result = default;
        result._value = Avx2.ShiftRightLogical(value._value.AsUInt16(), count).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 Shuffle(CamelliaSlice256 table, CamelliaSlice256 indices)
    {
        CamelliaSlice256 result = default;
        result._value = Avx2.Shuffle(table._value, indices._value);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 AesEncryptLast(CamelliaSlice256 value)
    {
        CamelliaSlice256 result = default;
        result._value = Vector256.Create(X86Aes.EncryptLast(value._value.GetLower(), Vector128<byte>.Zero),
            X86Aes.EncryptLast(value._value.GetUpper(), Vector128<byte>.Zero));
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 AesDecryptLast(CamelliaSlice256 value)
    {
        CamelliaSlice256 result = default;
        result._value = Vector256.Create(X86Aes.DecryptLast(value._value.GetLower(), Vector128<byte>.Zero),
            X86Aes.DecryptLast(value._value.GetUpper(), Vector128<byte>.Zero));
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 UnpackLow32(CamelliaSlice256 left, CamelliaSlice256 right)
    {
        CamelliaSlice256 result = default;
        result._value = Avx2.UnpackLow(left._value.AsUInt32(), right._value.AsUInt32()).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 UnpackHigh32(CamelliaSlice256 left, CamelliaSlice256 right)
    {
        CamelliaSlice256 result = default;
        result._value = Avx2.UnpackHigh(left._value.AsUInt32(), right._value.AsUInt32()).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 UnpackLow64(CamelliaSlice256 left, CamelliaSlice256 right)
    {
        CamelliaSlice256 result = default;
        result._value = Avx2.UnpackLow(left._value.AsUInt64(), right._value.AsUInt64()).AsByte();
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 UnpackHigh64(CamelliaSlice256 left, CamelliaSlice256 right)
    {
        CamelliaSlice256 result = default;
        result._value = Avx2.UnpackHigh(left._value.AsUInt64(), right._value.AsUInt64()).AsByte();
        return result;
    }
#if NET10_0_OR_GREATER

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 GaloisFieldAffineTransform(CamelliaSlice256 x, CamelliaSlice256 matrix,
        [ConstantExpected] byte constant)
    {
        CamelliaSlice256 result = default;
        result._value = Gfni.V256.GaloisFieldAffineTransform(x._value, matrix._value, constant);
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CamelliaSlice256 GaloisFieldAffineTransformInverse(CamelliaSlice256 x, CamelliaSlice256 matrix,
        [ConstantExpected] byte constant)
    {
        CamelliaSlice256 result = default;
        result._value = Gfni.V256.GaloisFieldAffineTransformInverse(x._value, matrix._value, constant);
        return result;
    }
#endif
}

/// <summary>
/// Camellia's S-boxes through the AES S-box: an affine input map with the round key folded in, AESENCLAST (forward
/// rounds) or AESDECLAST (inverse rounds) with a zero key, an affine output map, each map two nibble look-ups
/// (<see cref="CamelliaAffine"/>). AESENCLAST moves the lanes by ShiftRows and AESDECLAST back by InvShiftRows, so D2
/// is kept in ShiftRows order between its entry and exit permutations.
/// </summary>
internal readonly struct CamelliaAesNiSBoxes : ICamelliaSBoxes
{
    public static Vector128<byte> EntryPermutation => CamelliaAesNiKernel.Constants.ShiftRows;

    public static Vector128<byte> ExitPermutation => CamelliaAesNiKernel.Constants.InverseShiftRows;

    public static Vector128<byte> RoundKey(byte keyByte, int position, bool inverse)
    {
        bool rotatedInput = position == 3 || position == 6; // s4
        byte[] low = inverse ? (rotatedInput ? CamelliaAffine.PreDecLow4 : CamelliaAffine.PreDecLow1)
            : (rotatedInput ? CamelliaAffine.PreLow4 : CamelliaAffine.PreLow1);
        byte[] high = inverse ? (rotatedInput ? CamelliaAffine.PreDecHigh4 : CamelliaAffine.PreDecHigh1)
            : (rotatedInput ? CamelliaAffine.PreHigh4 : CamelliaAffine.PreHigh1);
        return Vector128.Create(CamelliaAffine.WithKey(low, high, keyByte));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TSlice SBox<TSlice>(TSlice x, TSlice roundKey, int position, bool inverse)
        where TSlice : struct, ICamelliaSlice<TSlice>
    {
        // Positions 0..7 take s1, s2, s3, s4, s2, s3, s4, s1: s4 rotates its input (its own input map), s2 and s3
        // rotate their output (their own output maps).
        bool s4 = position == 3 || position == 6;
        int output = position is 1 or 4 ? 2 : position is 2 or 5 ? 3 : 1;
        TSlice preHigh = TSlice.Create(inverse
            ? (s4 ? CamelliaAesNiKernel.Constants.PreDecHigh4 : CamelliaAesNiKernel.Constants.PreDecHigh1)
            : (s4 ? CamelliaAesNiKernel.Constants.PreHigh4 : CamelliaAesNiKernel.Constants.PreHigh1));
        TSlice postLow = TSlice.Create(inverse
            ? (output == 2 ? CamelliaAesNiKernel.Constants.PostDecLow2
                : output == 3 ? CamelliaAesNiKernel.Constants.PostDecLow3
                : CamelliaAesNiKernel.Constants.PostDecLow1)
            : (output == 2 ? CamelliaAesNiKernel.Constants.PostLow2
                : output == 3 ? CamelliaAesNiKernel.Constants.PostLow3
                : CamelliaAesNiKernel.Constants.PostLow1));
        TSlice postHigh = TSlice.Create(inverse
            ? (output == 2 ? CamelliaAesNiKernel.Constants.PostDecHigh2
                : output == 3 ? CamelliaAesNiKernel.Constants.PostDecHigh3
                : CamelliaAesNiKernel.Constants.PostDecHigh1)
            : (output == 2 ? CamelliaAesNiKernel.Constants.PostHigh2
                : output == 3 ? CamelliaAesNiKernel.Constants.PostHigh3
                : CamelliaAesNiKernel.Constants.PostHigh1));
        TSlice nibble = TSlice.Create((byte)0x0F);
        TSlice y = TSlice.Shuffle(roundKey, x & nibble)
            ^ TSlice.Shuffle(preHigh, TSlice.ShiftRightLogical16(x, 4) & nibble);
        y = inverse ? TSlice.AesDecryptLast(y) : TSlice.AesEncryptLast(y);
        return TSlice.Shuffle(postLow, y & nibble)
            ^ TSlice.Shuffle(postHigh, TSlice.ShiftRightLogical16(y, 4) & nibble);
    }
}
