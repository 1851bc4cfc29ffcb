using System;
using System.Buffers.Binary;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>
/// ByteOrder against BinaryPrimitives: the byte-composition forms (the big-endian host's path, called directly so
/// they are tested in every run) and the dispatching methods (whichever path this process takes), at every offset.
/// </summary>
[Trait(TestCategories.Name, TestCategories.Plumbing)]
public class ByteOrderTests
{
    private const int BufferLength = 48;

    [Fact]
    public void CodePath_IsTheOneTheEnvironmentAsksFor()
    {
        // A CI pass that asks for the big-endian path must not silently run the little-endian one (or the reverse).
        bool forced = ForcedBigEndianPath.Requested;
        Assert.Equal(BitConverter.IsLittleEndian && !forced, ByteOrder.IsLittleEndianHost);
        bool switchSet = AppContext.TryGetSwitch(ByteOrder.ForceBigEndianCodePathSwitch, out bool value) && value;
        Assert.Equal(forced, switchSet);
    }

    [Fact]
    public void Reads_AgreeWithBinaryPrimitives()
    {
        Random random = TestRandom.Create(0x0b0e);
        for (int trial = 0; trial < 64; trial++)
        {
            byte[] buffer = TestRandom.Bytes(random, BufferLength);
            ref byte start = ref buffer[0];
            for (int offset = 0; offset <= BufferLength - 8; offset++)
            {
                ReadOnlySpan<byte> at = buffer.AsSpan(offset);
                string where = $"trial {trial}, offset {offset}";
                uint be32 = BinaryPrimitives.ReadUInt32BigEndian(at), le32 = BinaryPrimitives.ReadUInt32LittleEndian(at);
                ulong be64 = BinaryPrimitives.ReadUInt64BigEndian(at), le64 = BinaryPrimitives.ReadUInt64LittleEndian(at);
                Assert.True(be32 == ByteOrder.Explicit.ReadUInt32BigEndian(ref start, offset), where);
                Assert.True(le32 == ByteOrder.Explicit.ReadUInt32LittleEndian(ref start, offset), where);
                Assert.True(be64 == ByteOrder.Explicit.ReadUInt64BigEndian(ref start, offset), where);
                Assert.True(le64 == ByteOrder.Explicit.ReadUInt64LittleEndian(ref start, offset), where);
                Assert.True(be32 == ByteOrder.ReadUInt32BigEndian(ref start, offset), where);
                Assert.True(le32 == ByteOrder.ReadUInt32LittleEndian(ref start, offset), where);
                Assert.True(be64 == ByteOrder.ReadUInt64BigEndian(ref start, offset), where);
                Assert.True(le64 == ByteOrder.ReadUInt64LittleEndian(ref start, offset), where);
            }
        }
    }

    [Fact]
    public void Writes_AgreeWithBinaryPrimitives_AndTouchOnlyTheirBytes()
    {
        Random random = TestRandom.Create(0x0e0b);
        for (int trial = 0; trial < 64; trial++)
        {
            byte[] background = TestRandom.Bytes(random, BufferLength);
            ulong value = (ulong)random.NextInt64() ^ ((ulong)random.Next() << 63);
            for (int offset = 0; offset <= BufferLength - 8; offset++)
            {
                string where = $"trial {trial}, offset {offset}, value {value:x16}";
                Check((b, o) => BinaryPrimitives.WriteUInt32BigEndian(b.AsSpan(o), (uint)value), (b, o) => ByteOrder.Explicit.WriteUInt32BigEndian(ref b[0], o, (uint)value), "Explicit.WriteUInt32BigEndian");
                Check((b, o) => BinaryPrimitives.WriteUInt32LittleEndian(b.AsSpan(o), (uint)value), (b, o) => ByteOrder.Explicit.WriteUInt32LittleEndian(ref b[0], o, (uint)value), "Explicit.WriteUInt32LittleEndian");
                Check((b, o) => BinaryPrimitives.WriteUInt64BigEndian(b.AsSpan(o), value), (b, o) => ByteOrder.Explicit.WriteUInt64BigEndian(ref b[0], o, value), "Explicit.WriteUInt64BigEndian");
                Check((b, o) => BinaryPrimitives.WriteUInt64LittleEndian(b.AsSpan(o), value), (b, o) => ByteOrder.Explicit.WriteUInt64LittleEndian(ref b[0], o, value), "Explicit.WriteUInt64LittleEndian");
                Check((b, o) => BinaryPrimitives.WriteUInt32BigEndian(b.AsSpan(o), (uint)value), (b, o) => ByteOrder.WriteUInt32BigEndian(ref b[0], o, (uint)value), "WriteUInt32BigEndian");
                Check((b, o) => BinaryPrimitives.WriteUInt32LittleEndian(b.AsSpan(o), (uint)value), (b, o) => ByteOrder.WriteUInt32LittleEndian(ref b[0], o, (uint)value), "WriteUInt32LittleEndian");
                Check((b, o) => BinaryPrimitives.WriteUInt64BigEndian(b.AsSpan(o), value), (b, o) => ByteOrder.WriteUInt64BigEndian(ref b[0], o, value), "WriteUInt64BigEndian");
                Check((b, o) => BinaryPrimitives.WriteUInt64LittleEndian(b.AsSpan(o), value), (b, o) => ByteOrder.WriteUInt64LittleEndian(ref b[0], o, value), "WriteUInt64LittleEndian");

                void Check(Action<byte[], int> expected, Action<byte[], int> actual, string name)
                {
                    byte[] want = (byte[])background.Clone();
                    byte[] got = (byte[])background.Clone();
                    expected(want, offset);
                    actual(got, offset);
                    Assert.True(want.AsSpan().SequenceEqual(got), $"{name}: {where}");
                }
            }
        }
    }

    [Fact]
    public void XorUInt64BigEndian_XorsTheBigEndianBytes_InPlaceAndNot()
    {
        Random random = TestRandom.Create(0x0f0f);
        for (int trial = 0; trial < 64; trial++)
        {
            byte[] source = TestRandom.Bytes(random, BufferLength);
            ulong value = (ulong)random.NextInt64() ^ ((ulong)random.Next() << 63);
            for (int offset = 0; offset <= BufferLength - 8; offset++)
            {
                string where = $"trial {trial}, offset {offset}";
                byte[] want = TestRandom.Bytes(random, BufferLength);
                byte[] explicitOut = (byte[])want.Clone();
                byte[] dispatched = (byte[])want.Clone();
                BinaryPrimitives.WriteUInt64BigEndian(want.AsSpan(offset), BinaryPrimitives.ReadUInt64BigEndian(source.AsSpan(offset)) ^ value);
                ByteOrder.Explicit.XorUInt64BigEndian(ref source[0], ref explicitOut[0], offset, value);
                ByteOrder.XorUInt64BigEndian(ref source[0], ref dispatched[0], offset, value);
                Assert.True(want.AsSpan().SequenceEqual(explicitOut), $"Explicit: {where}");
                Assert.True(want.AsSpan().SequenceEqual(dispatched), $"dispatched: {where}");

                byte[] inPlace = (byte[])source.Clone();
                byte[] expectedInPlace = (byte[])source.Clone();
                BinaryPrimitives.WriteUInt64BigEndian(expectedInPlace.AsSpan(offset), BinaryPrimitives.ReadUInt64BigEndian(source.AsSpan(offset)) ^ value);
                ByteOrder.XorUInt64BigEndian(ref inPlace[0], ref inPlace[0], offset, value);
                Assert.True(expectedInPlace.AsSpan().SequenceEqual(inPlace), $"in place: {where}");
            }
        }
    }
}
