using System;
using System.Linq;
using System.Security.Cryptography;
using Xunit;

namespace CryptoCli.Tests;

/// <summary>The public type's own behaviour: sizes, the runtime's errors for bad keys and blocks, and key wiping.</summary>
public class CamelliaTypeTests
{
    [Fact]
    public void Sizes_AreThoseOfRfc3713()
    {
        using var camellia = Camellia.Create();
        Assert.Equal(256, camellia.KeySize);
        Assert.Equal(128, camellia.BlockSize);
        Assert.Equal(CipherMode.CBC, camellia.Mode);
        Assert.Equal(PaddingMode.PKCS7, camellia.Padding);
        Assert.True(new[] { 128, 192, 256 }.All(bits => camellia.ValidKeySize(bits)));
        Assert.False(camellia.ValidKeySize(160));
        Assert.False(camellia.ValidKeySize(224));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(8)]
    [InlineData(20)]
    [InlineData(28)]
    [InlineData(40)]
    public void WrongKeyLength_ThrowsCryptographicException(int keyBytes)
    {
        using var camellia = Camellia.Create();
        var exception = Assert.Throws<CryptographicException>(() => camellia.Key = new byte[keyBytes]);
        Assert.Equal("Specified key is not a valid size for this algorithm.", exception.Message);
    }

    [Theory]
    [InlineData(64)]
    [InlineData(192)]
    [InlineData(256)]
    public void BlockSizeOtherThan128_IsRejected(int bits)
    {
        using var camellia = Camellia.Create();
        Assert.Throws<CryptographicException>(() => camellia.BlockSize = bits);
        Assert.Equal(128, camellia.BlockSize);
    }

    [Fact]
    public void WrongIvLength_ThrowsArgumentException()
    {
        using var camellia = Camellia.Create();
        camellia.Key = new byte[16];
        Assert.Throws<ArgumentException>("iv", () => camellia.EncryptCbc(new byte[16], new byte[8], PaddingMode.None));
    }

    [Fact]
    public void Dispose_WipesTheExpandedKeys()
    {
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        var table32 = new CamelliaTable32Kernel(key);
        var table64 = new CamelliaTable64Kernel(key);
        Assert.Contains(table64.EncryptionKey, w => w != 0);
        table32.Dispose();
        table64.Dispose();
        Assert.All(table64.EncryptionKey, w => Assert.Equal(0ul, w));
        Assert.All(table64.DecryptionKey, w => Assert.Equal(0ul, w));
        Assert.All(table32.EncryptionKey, w => Assert.Equal(0u, w));
        Assert.All(table32.DecryptionKey, w => Assert.Equal(0u, w));
    }

    [Fact]
    public void UseAfterDispose_Throws()
    {
        var camellia = Camellia.Create();
        camellia.Key = new byte[16];
        camellia.Dispose();
        Assert.Throws<ObjectDisposedException>(() => camellia.EncryptEcb(new byte[16], PaddingMode.None));
    }
}
