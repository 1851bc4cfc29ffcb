using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace CryptoCli.Benchmarks;

/// <summary>
/// The system's OpenSSL libcrypto, loaded once with <see cref="NativeLibrary.TryLoad(string, out IntPtr)"/> and bound
/// through unmanaged function pointers resolved with <see cref="NativeLibrary.TryGetExport"/> (no marshalling stubs, so
/// a row times the cipher, not the interop). Benchmark-only: the library itself stays free of native code. Where the
/// library or a function is missing, <see cref="Unavailable"/> says why, and the rows that need it are skipped
/// (<see cref="OpenSslRowFilter"/>), never faked.
/// </summary>
internal static unsafe class LibCrypto
{
    public const int CtrlAeadSetIvLength = 0x9, CtrlAeadGetTag = 0x10, CtrlAeadSetTag = 0x11;

    /// <summary>The names tried, in order: OpenSSL 3, the unversioned development link, OpenSSL 1.1, then macOS and Windows.</summary>
    private static readonly string[] s_candidates =
    {
        "libcrypto.so.3", "libcrypto.so", "libcrypto.so.1.1",
        "libcrypto.3.dylib", "libcrypto.dylib", "libcrypto.1.1.dylib",
        "libcrypto-3-x64.dll", "libcrypto-3.dll", "libcrypto-1_1-x64.dll", "libcrypto-1_1.dll",
    };

    private static readonly IntPtr s_handle;
    private static readonly Dictionary<string, IntPtr> s_ciphers = new(StringComparer.Ordinal);
    private static readonly Dictionary<string, string> s_cipherErrors = new(StringComparer.Ordinal);

#pragma warning disable CA2211, SA1401 // Readonly function pointers: constants to the optimising JIT.
    public static readonly delegate* unmanaged<IntPtr> CipherCtxNew;
    public static readonly delegate* unmanaged<IntPtr, void> CipherCtxFree;
    public static readonly delegate* unmanaged<IntPtr, int, int> CipherCtxSetPadding;
    public static readonly delegate* unmanaged<IntPtr, int, int, byte*, int> CipherCtxCtrl;
    public static readonly delegate* unmanaged<IntPtr, IntPtr, IntPtr, byte*, byte*, int> EncryptInit;
    public static readonly delegate* unmanaged<IntPtr, IntPtr, IntPtr, byte*, byte*, int> DecryptInit;
    public static readonly delegate* unmanaged<IntPtr, byte*, int*, byte*, int, int> EncryptUpdate;
    public static readonly delegate* unmanaged<IntPtr, byte*, int*, byte*, int, int> DecryptUpdate;
    public static readonly delegate* unmanaged<IntPtr, byte*, int*, int> EncryptFinal;
    public static readonly delegate* unmanaged<IntPtr, byte*, int*, int> DecryptFinal;
#pragma warning restore CA2211, SA1401
    private static readonly delegate* unmanaged<IntPtr, byte*, byte*, IntPtr> s_cipherFetch;

    static LibCrypto()
    {
        // CRYPTOCLI_LIBCRYPTO names one library to load instead (another OpenSSL build, or a missing file to see the skip).
        string? chosen = Environment.GetEnvironmentVariable("CRYPTOCLI_LIBCRYPTO");
        string[] candidates = string.IsNullOrEmpty(chosen) ? s_candidates : new[] { chosen };
        foreach (string name in candidates)
        {
            if (NativeLibrary.TryLoad(name, out s_handle))
            {
                LibraryName = name;
                break;
            }
        }

        if (s_handle == IntPtr.Zero)
        {
            LoadError = $"libcrypto not found (tried {string.Join(", ", candidates)})";
            return;
        }

        var missing = new List<string>();
        CipherCtxNew = (delegate* unmanaged<IntPtr>)Export("EVP_CIPHER_CTX_new", missing);
        CipherCtxFree = (delegate* unmanaged<IntPtr, void>)Export("EVP_CIPHER_CTX_free", missing);
        CipherCtxSetPadding = (delegate* unmanaged<IntPtr, int, int>)Export("EVP_CIPHER_CTX_set_padding", missing);
        CipherCtxCtrl = (delegate* unmanaged<IntPtr, int, int, byte*, int>)Export("EVP_CIPHER_CTX_ctrl", missing);
        EncryptInit = (delegate* unmanaged<IntPtr, IntPtr, IntPtr, byte*, byte*, int>)Export("EVP_EncryptInit_ex", missing);
        DecryptInit = (delegate* unmanaged<IntPtr, IntPtr, IntPtr, byte*, byte*, int>)Export("EVP_DecryptInit_ex", missing);
        EncryptUpdate = (delegate* unmanaged<IntPtr, byte*, int*, byte*, int, int>)Export("EVP_EncryptUpdate", missing);
        DecryptUpdate = (delegate* unmanaged<IntPtr, byte*, int*, byte*, int, int>)Export("EVP_DecryptUpdate", missing);
        EncryptFinal = (delegate* unmanaged<IntPtr, byte*, int*, int>)Export("EVP_EncryptFinal_ex", missing);
        DecryptFinal = (delegate* unmanaged<IntPtr, byte*, int*, int>)Export("EVP_DecryptFinal_ex", missing);
        IntPtr version = Export("OpenSSL_version", missing);
        if (missing.Count > 0)
        {
            LoadError = $"{LibraryName} lacks {string.Join(", ", missing)}";
            return;
        }

        // OpenSSL 3 only; 1.1 has no EVP_CIPHER_fetch, and then a cipher without its own EVP_<name> getter is skipped.
        NativeLibrary.TryGetExport(s_handle, "EVP_CIPHER_fetch", out IntPtr fetch);
        s_cipherFetch = (delegate* unmanaged<IntPtr, byte*, byte*, IntPtr>)fetch;
        Version = Marshal.PtrToStringUTF8(((delegate* unmanaged<int, IntPtr>)version)(0)) ?? "OpenSSL (no version string)";
    }

    /// <summary>The name the library loaded under (such as libcrypto.so.3), or null.</summary>
    public static string? LibraryName { get; }

    /// <summary><c>OpenSSL_version(OPENSSL_VERSION)</c>, such as "OpenSSL 3.0.19 27 Jan 2026", or null when not loaded.</summary>
    public static string? Version { get; }

    /// <summary>Why the library cannot be used at all, or null.</summary>
    public static string? LoadError { get; }

    /// <summary>One line for the result table's header.</summary>
    public static string Description => LoadError is null
        ? $"OpenSSL: {Version} ({LibraryName})"
        : $"OpenSSL: not loaded, its rows were skipped: {LoadError}";

    /// <summary>Why the cipher <paramref name="name"/> (OpenSSL's name, such as AES-128-CTR) cannot run here, or null when it can.</summary>
    public static string? Unavailable(string name)
    {
        if (LoadError is not null)
        {
            return LoadError;
        }

        Cipher(name, out string? error);
        return error;
    }

    /// <summary>
    /// The <c>EVP_CIPHER</c> named <paramref name="name"/>: the library's own getter (<c>AES-128-ECB</c> →
    /// <c>EVP_aes_128_ecb()</c>) where it exports one, else <c>EVP_CIPHER_fetch(NULL, name, NULL)</c> (OpenSSL 3),
    /// else <see cref="IntPtr.Zero"/> with the reason.
    /// </summary>
    public static IntPtr Cipher(string name, out string? error)
    {
        lock (s_ciphers)
        {
            if (s_ciphers.TryGetValue(name, out IntPtr cached))
            {
                error = null;
                return cached;
            }

            if (s_cipherErrors.TryGetValue(name, out error))
            {
                return IntPtr.Zero;
            }

            IntPtr cipher = IntPtr.Zero;
            string getter = "EVP_" + name.ToLowerInvariant().Replace('-', '_');
            if (LoadError is not null)
            {
                error = LoadError;
            }
            else if (NativeLibrary.TryGetExport(s_handle, getter, out IntPtr export))
            {
                cipher = ((delegate* unmanaged<IntPtr>)export)();
                error = cipher == IntPtr.Zero ? $"{getter}() returned NULL" : null;
            }
            else if (s_cipherFetch == null)
            {
                error = $"{LibraryName} has neither {getter} nor EVP_CIPHER_fetch (OpenSSL 3)";
            }
            else
            {
                // Fetched once for the process and never freed.
                byte[] utf8 = System.Text.Encoding.ASCII.GetBytes(name + "\0");
                fixed (byte* algorithm = utf8)
                {
                    cipher = s_cipherFetch(IntPtr.Zero, algorithm, null);
                }

                error = cipher == IntPtr.Zero ? $"EVP_CIPHER_fetch(NULL, \"{name}\", NULL) returned NULL (no provider has it)" : null;
            }

            if (error is null)
            {
                s_ciphers.Add(name, cipher);
            }
            else
            {
                s_cipherErrors.Add(name, error);
            }

            return cipher;
        }
    }

    private static IntPtr Export(string name, List<string> missing)
    {
        if (NativeLibrary.TryGetExport(s_handle, name, out IntPtr address))
        {
            return address;
        }

        missing.Add(name);
        return IntPtr.Zero;
    }
}
