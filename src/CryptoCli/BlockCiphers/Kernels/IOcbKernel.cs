using System;

namespace CryptoCli;

/// <summary>
/// Optional capability: OCB3's whole-block pass fused (offsets and checksum kept in registers, the blocks encrypted
/// interleaved and whitened on both sides in one pass). <see cref="BlockCipherOcb"/> uses it when the kernel has it, on
/// little-endian processes.
/// </summary>
internal interface IOcbKernel
{
    /// <summary>
    /// RFC 7253's loop over whole blocks (any number), numbered from <c>cursor.Index + 1</c>: for block i,
    /// Offset ^= L_ntz(i); encryption writes E(P_i xor Offset) xor Offset and adds P_i to the checksum, decryption
    /// writes P_i = D(C_i xor Offset) xor Offset and adds P_i. <paramref name="lTable"/> holds L_0, L_1, ... as two
    /// words each (bytes 0-7 and 8-15 of the value read as native words: the process is little-endian), enough entries
    /// for every index reached. On exit the cursor holds the last offset, the checksum and the last index.
    /// <paramref name="destination"/> is as long, disjoint or the same memory. The offsets never depend on secret
    /// data through a branch or a memory index: the table index ntz(i) is the block's position.
    /// </summary>
    public void TransformOcb(ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<ulong> lTable,
        ref OcbCursor cursor, bool encrypt);
}
