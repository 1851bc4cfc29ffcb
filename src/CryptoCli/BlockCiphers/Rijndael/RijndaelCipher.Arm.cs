using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace CryptoCli;

/// <summary>
/// Rijndael with 128-bit blocks on the ARMv8 cryptography extension. AESE XORs the round key before SubBytes and
/// ShiftRows and AESMC is a separate MixColumns, so a round is <c>AESMC(AESE(b, k_i))</c> and the last key is a plain XOR.
/// Constant-time. Compiled and reviewed, but not run on this project's x86 CI machine: the mode loops above it are
/// the shared ones, tested with every kernel.
/// </summary>
internal sealed class RijndaelArmKernel : BlockCipherKernel
{
    private readonly Vector128<byte>[] _encryptionKeys;
    private readonly Vector128<byte>[] _decryptionKeys;
    private readonly int _rounds;

    public RijndaelArmKernel(ReadOnlySpan<byte> key)
        : base(16)
    {
        Debug.Assert(IsSupported);
        _encryptionKeys = RijndaelHardwareKeySchedule.ExpandEncryptionKey<AesRoundArm>(key, 4);
        _decryptionKeys = RijndaelHardwareKeySchedule.ToDecryptionKey<AesRoundArm>(_encryptionKeys, 4);
        _rounds = _encryptionKeys.Length - 1;
    }

    public static bool IsSupported => AesRoundArm.IsSupported && BitConverter.IsLittleEndian;

    public override string Name => "armv8";

    public override void EncryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_encryptionKeys);
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            Vector128<byte> block = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(source), (nuint)offset);
            for (int i = 0; i < _rounds - 1; i++)
            {
                block = ArmAes.MixColumns(ArmAes.Encrypt(block, Unsafe.Add(ref keys, i)));
            }

            block = ArmAes.Encrypt(block, Unsafe.Add(ref keys, _rounds - 1)) ^ Unsafe.Add(ref keys, _rounds);
            block.StoreUnsafe(ref MemoryMarshal.GetReference(destination), (nuint)offset);
        }
    }

    public override void DecryptBlocks(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ref Vector128<byte> keys = ref MemoryMarshal.GetArrayDataReference(_decryptionKeys);
        for (int offset = 0; offset < source.Length; offset += 16)
        {
            Vector128<byte> block = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(source), (nuint)offset);
            for (int i = 0; i < _rounds - 1; i++)
            {
                block = ArmAes.InverseMixColumns(ArmAes.Decrypt(block, Unsafe.Add(ref keys, i)));
            }

            block = ArmAes.Decrypt(block, Unsafe.Add(ref keys, _rounds - 1)) ^ Unsafe.Add(ref keys, _rounds);
            block.StoreUnsafe(ref MemoryMarshal.GetReference(destination), (nuint)offset);
        }
    }

    protected override void Dispose(bool disposing)
    {
        CryptographicOperationsHelper.ZeroVectors(_encryptionKeys);
        CryptographicOperationsHelper.ZeroVectors(_decryptionKeys);
    }
}
