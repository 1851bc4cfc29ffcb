// EncryptFile: encrypts or decrypts a file with a password, streaming through CryptoStream so that large files
// use constant memory.
//
//   dotnet run --project samples/EncryptFile -- encrypt <input> <output> [--cipher rijndael|camellia] [--mode cbc|ctr]
//   dotnet run --project samples/EncryptFile -- decrypt <input> <output>
//   The password comes from the CRYPTOCLI_PASSWORD environment variable, or is asked for on the terminal.
//
// File layout: "CCLI1" | cipher (1 byte) | mode (1 byte) | salt (16) | IV or initial counter (16) | check (16) |
// ciphertext | HMAC-SHA256 tag (32) over everything before it. The encryption key, the MAC key and a password check
// value come from PBKDF2-HMAC-SHA256 (the runtime's). A wrong password is refused from the check value, a truncated
// or modified file from the tag (verified in a first pass, before any plaintext exists), and decryption writes to a
// temporary file that replaces the output only on success.
using System;
using System.IO;
using System.Security.Cryptography;
using CryptoCli;

const int SaltSize = 16, BlockSize = 16, CheckSize = 16, KeySize = 32, TagSize = 32, Iterations = 200_000;
byte[] magic = "CCLI1"u8.ToArray();

if (args.Length < 3 || args[0] is not ("encrypt" or "decrypt"))
{
    Console.Error.WriteLine("usage: EncryptFile encrypt|decrypt <input> <output> [--cipher rijndael|camellia] [--mode cbc|ctr]");
    return 2;
}

string cipherName = Option("--cipher") ?? "rijndael";
string modeName = Option("--mode") ?? "cbc";
string password = Environment.GetEnvironmentVariable("CRYPTOCLI_PASSWORD") ?? ReadPassword();

try
{
    if (args[0] == "encrypt")
    {
        Encrypt(args[1], args[2]);
    }
    else
    {
        Decrypt(args[1], args[2]);
    }

    return 0;
}
catch (Exception e) when (e is CryptographicException or IOException or InvalidDataException or ArgumentException)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return 1;
}

void Encrypt(string inputPath, string outputPath)
{
    byte cipherId = cipherName switch { "rijndael" => 1, "camellia" => 2, _ => throw new ArgumentException($"unknown cipher '{cipherName}'") };
    byte modeId = modeName switch { "cbc" => 1, "ctr" => 2, _ => throw new ArgumentException($"unknown mode '{modeName}'") };
    byte[] salt = RandomNumberGenerator.GetBytes(SaltSize);
    byte[] iv = RandomNumberGenerator.GetBytes(BlockSize);
    (byte[] key, byte[] macKey, byte[] check) = Derive(password, salt);
    using BlockCipherAlgorithm cipher = CreateCipher(cipherId);
    cipher.Key = key;
    CryptographicOperations.ZeroMemory(key);

    using FileStream input = File.OpenRead(inputPath);
    using FileStream file = File.Create(outputPath);
    using var output = new MacStream(file, macKey);
    output.Write(magic);
    output.Write([cipherId, modeId]);
    output.Write(salt);
    output.Write(iv);
    output.Write(check);
    if (modeId == 1)
    {
        cipher.Mode = CipherMode.CBC;
        cipher.Padding = PaddingMode.PKCS7;
        using var stream = new CryptoStream(output, cipher.CreateEncryptor(cipher.Key, iv), CryptoStreamMode.Write, leaveOpen: true);
        Copy(input, stream);
    }
    else
    {
        CtrCopy(cipher, iv, input, output);
    }

    file.Write(output.GetTag());
}

void Decrypt(string inputPath, string outputPath)
{
    using FileStream file = File.OpenRead(inputPath);
    byte[] header = new byte[magic.Length + 2 + SaltSize + BlockSize + CheckSize];
    if (file.Length < header.Length + TagSize || file.ReadAtLeast(header, header.Length, throwOnEndOfStream: false) != header.Length || !header.AsSpan(0, magic.Length).SequenceEqual(magic))
    {
        throw new InvalidDataException("not an EncryptFile file, or truncated");
    }

    byte cipherId = header[magic.Length], modeId = header[magic.Length + 1];
    byte[] salt = header.AsSpan(magic.Length + 2, SaltSize).ToArray();
    byte[] iv = header.AsSpan(magic.Length + 2 + SaltSize, BlockSize).ToArray();
    byte[] storedCheck = header.AsSpan(header.Length - CheckSize).ToArray();
    (byte[] key, byte[] macKey, byte[] check) = Derive(password, salt);
    if (!CryptographicOperations.FixedTimeEquals(check, storedCheck))
    {
        throw new CryptographicException("wrong password");
    }

    // First pass: the tag over header and ciphertext, before any plaintext is produced.
    long ciphertextLength = file.Length - header.Length - TagSize;
    using (var mac = new HMACSHA256(macKey))
    {
        mac.TransformBlock(header, 0, header.Length, null, 0);
        byte[] buffer = new byte[64 * 1024];
        for (long left = ciphertextLength; left > 0;)
        {
            int read = file.Read(buffer, 0, (int)Math.Min(buffer.Length, left));
            mac.TransformBlock(buffer, 0, read, null, 0);
            left -= read;
        }

        mac.TransformFinalBlock([], 0, 0);
        byte[] tag = new byte[TagSize];
        file.ReadExactly(tag);
        if (!CryptographicOperations.FixedTimeEquals(tag, mac.Hash))
        {
            throw new CryptographicException("the file is truncated or was modified (authentication failed)");
        }
    }

    file.Position = header.Length;
    using Stream input = new SubStream(file, ciphertextLength);

    using BlockCipherAlgorithm cipher = CreateCipher(cipherId);
    cipher.Key = key;
    CryptographicOperations.ZeroMemory(key);
    string temporary = outputPath + ".partial";
    try
    {
        using (FileStream output = File.Create(temporary))
        {
            if (modeId == 1)
            {
                using var stream = new CryptoStream(input, cipher.CreateDecryptor(cipher.Key, iv), CryptoStreamMode.Read);
                Copy(stream, output);
            }
            else if (modeId == 2)
            {
                CtrCopy(cipher, iv, input, output);
            }
            else
            {
                throw new InvalidDataException("unknown mode in header");
            }
        }

        File.Move(temporary, outputPath, overwrite: true);
    }
    catch
    {
        File.Delete(temporary); // never leave partial plaintext behind
        throw;
    }
}

static BlockCipherAlgorithm CreateCipher(byte id) => id switch
{
    1 => RijndaelCipher.Create(),
    2 => Camellia.Create(),
    _ => throw new InvalidDataException($"cipher {id} is not available in this build"),
};

static (byte[] Key, byte[] MacKey, byte[] Check) Derive(string password, byte[] salt)
{
    byte[] derived = Rfc2898DeriveBytes.Pbkdf2(password, salt, Iterations, HashAlgorithmName.SHA256, 2 * KeySize + CheckSize);
    var result = (derived[..KeySize], derived[KeySize..(2 * KeySize)], derived[(2 * KeySize)..]);
    CryptographicOperations.ZeroMemory(derived);
    return result;
}

// CTR keeps a running counter across 64 KiB chunks (every chunk but the last is a whole number of blocks).
static void CtrCopy(BlockCipherAlgorithm cipher, byte[] initialCounter, Stream input, Stream output)
{
    byte[] counter = (byte[])initialCounter.Clone();
    byte[] buffer = new byte[64 * 1024];
    var progress = new Progress(input);
    int read;
    while ((read = input.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false)) > 0)
    {
        cipher.EncryptCtr(buffer.AsSpan(0, read), counter, buffer);
        output.Write(buffer, 0, read);
        AddToCounter(counter, buffer.Length / 16);
        progress.Report(read);
    }

    progress.Done();
}

static void AddToCounter(byte[] counter, int blocks)
{
    int carry = blocks;
    for (int i = counter.Length - 1; i >= 0 && carry != 0; i--)
    {
        int sum = counter[i] + (carry & 0xff);
        counter[i] = (byte)sum;
        carry = (carry >> 8) + (sum >> 8);
    }
}

static void Copy(Stream input, Stream output)
{
    byte[] buffer = new byte[64 * 1024];
    var progress = new Progress(input);
    int read;
    while ((read = input.Read(buffer, 0, buffer.Length)) > 0)
    {
        output.Write(buffer, 0, read);
        progress.Report(read);
    }

    progress.Done();
}

string? Option(string name)
{
    int index = Array.IndexOf(args, name);
    return index >= 0 && index + 1 < args.Length ? args[index + 1] : null;
}

static string ReadPassword()
{
    Console.Error.Write("password: ");
    var password = new System.Text.StringBuilder();
    for (ConsoleKeyInfo key; (key = Console.ReadKey(intercept: true)).Key != ConsoleKey.Enter;)
    {
        password.Append(key.KeyChar);
    }

    Console.Error.WriteLine();
    return password.ToString();
}

/// <summary>A progress bar on the terminal for inputs over 4 MB; silent when redirected.</summary>
internal sealed class Progress(Stream stream)
{
    private readonly long _total = stream.CanSeek ? stream.Length : 0;
    private long _done;
    private int _shown = -1;

    private bool Visible => _total > 4_000_000 && !Console.IsErrorRedirected;

    public void Report(int bytes)
    {
        _done += bytes;
        int percent = _total > 0 ? (int)(100 * Math.Min(_done, _total) / _total) : 0;
        if (Visible && percent != _shown)
        {
            _shown = percent;
            Console.Error.Write($"\r[{new string('#', percent / 5),-20}] {percent,3}%");
        }
    }

    public void Done()
    {
        if (Visible)
        {
            Console.Error.WriteLine();
        }
    }
}

/// <summary>Writes through to a stream and feeds every byte to an HMAC (encrypt-then-MAC).</summary>
internal sealed class MacStream(Stream inner, byte[] macKey) : Stream
{
    private readonly IncrementalHash _mac = IncrementalHash.CreateHMAC(HashAlgorithmName.SHA256, macKey);

    public byte[] GetTag() => _mac.GetHashAndReset();

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        _mac.AppendData(buffer);
        inner.Write(buffer);
    }

    public override bool CanRead => false;
    public override bool CanSeek => false;
    public override bool CanWrite => true;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
    public override void Flush() => inner.Flush();
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _mac.Dispose();
        }

        base.Dispose(disposing);
    }
}

/// <summary>Reads the first <c>length</c> bytes from a stream's current position (the ciphertext before the tag).</summary>
internal sealed class SubStream(Stream inner, long length) : Stream
{
    private readonly long _length = length;
    private long _left = length;

    public override int Read(byte[] buffer, int offset, int count)
    {
        int read = inner.Read(buffer, offset, (int)Math.Min(count, _left));
        _left -= read;
        return read;
    }

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => _length;
    public override long Position { get => _length - _left; set => throw new NotSupportedException(); }
    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
