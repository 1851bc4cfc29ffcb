using System;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Security.Cryptography;

namespace CryptoCli;

/// <summary>Throw helpers: keep the throwing code out of hot, inlinable methods.</summary>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowDestinationTooShort(string paramName = "destination") =>
        throw new ArgumentException(SR.DestinationTooShort, paramName);

    [DoesNotReturn]
    public static void ThrowInvalidKeySize() => throw new CryptographicException(SR.InvalidKeySize);

    [DoesNotReturn]
    public static void ThrowInvalidKeySizeArgument(string paramName) =>
        throw new ArgumentException(SR.InvalidKeySize, paramName);

    [DoesNotReturn]
    public static void ThrowInvalidIVSize(string paramName = "iv") =>
        throw new ArgumentException(SR.InvalidIVSize, paramName);

    [DoesNotReturn]
    public static void ThrowPartialBlock() => throw new CryptographicException(SR.PartialBlock);

    [DoesNotReturn]
    public static void ThrowInvalidPadding() => throw new CryptographicException(SR.InvalidPadding);

    [DoesNotReturn]
    public static void ThrowFixedLength(string paramName, int length) =>
        throw new ArgumentException(string.Format(CultureInfo.InvariantCulture, SR.FixedLength, paramName, length),
            paramName);

    [DoesNotReturn]
    public static void ThrowOverlap(string first, string second) =>
        throw new ArgumentException(string.Format(CultureInfo.InvariantCulture, SR.Overlap, first, second), first);

    [DoesNotReturn]
    public static void ThrowConcurrentUse() => throw new CryptographicException(SR.ConcurrentUse);

    [DoesNotReturn]
    public static void ThrowObjectDisposed(object instance) =>
        throw new ObjectDisposedException(instance.GetType().FullName);

    public static void ThrowIfNull([NotNull] object? argument, string paramName)
    {
        if (argument is null)
        {
            throw new ArgumentNullException(paramName);
        }
    }

    // ArgumentOutOfRangeException.ThrowIfNegative and friends, with the runtime's messages, on every target.
    public static void ThrowIfNegative(int value, string paramName)
    {
        if (value < 0)
        {
            throw new ArgumentOutOfRangeException(paramName, value,
                string.Format(CultureInfo.InvariantCulture, SR.MustBeNonNegative, paramName, value));
        }
    }

    public static void ThrowIfNegativeOrZero(int value, string paramName)
    {
        if (value <= 0)
        {
            throw new ArgumentOutOfRangeException(paramName, value,
                string.Format(CultureInfo.InvariantCulture, SR.MustBeNonNegativeNonZero, paramName, value));
        }
    }

    public static void ThrowIfGreaterThan(int value, int other, string paramName)
    {
        if (value > other)
        {
            throw new ArgumentOutOfRangeException(paramName, value,
                string.Format(CultureInfo.InvariantCulture, SR.MustBeLessOrEqual, paramName, value, other));
        }
    }

    public static void ThrowIfDisposed(bool disposed, object instance)
    {
        if (disposed)
        {
            ThrowObjectDisposed(instance);
        }
    }
}
