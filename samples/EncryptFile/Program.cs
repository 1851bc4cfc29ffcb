// EncryptFile: encrypts or decrypts a file with a password, streaming through CryptoStream so that large files
// use constant memory.
//
//   dotnet run --project samples/EncryptFile -- encrypt <input> <output> [--cipher rijndael|camellia] [--mode cbc|ctr]
//   dotnet run --project samples/EncryptFile -- decrypt <input> <output>
//   The password comes from the CRYPTOCLI_PASSWORD environment variable, or is asked for on the terminal.
//
// File layout: "CCLI" 1 | cipher (1 byte) | mode (1 byte) | salt (16) | IV or initial counter (16) | check (16) | ciphertext.
// The key and a password check value come from PBKDF2-HMAC-SHA256 (the runtime's); a wrong password is refused
// before anything is written, and decryption writes to a temporary file that replaces the output only on success.
using System;
using System.IO;
using System.Security.Cryptography;
using CryptoCli;

const int SaltSize = 16, BlockSize = 16, CheckSize = 16, KeySize = 32, Iterations = 200_000;
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
    (byte[] key, byte[] check) = Derive(password, salt);
    using BlockCipherAlgorithm cipher = CreateCipher(cipherId);
    cipher.Key = key;
    CryptographicOperations.ZeroMemory(key);

    using FileStream input = File.OpenRead(inputPath);
    using FileStream output = File.Create(outputPath);
    output.Write(magic);
    output.Write([cipherId, modeId]);
    output.Write(salt);
    output.Write(iv);
    output.Write(check);
    if (modeId == 1)
    {
        cipher.Mode = CipherMode.CBC;
        cipher.Padding = PaddingMode.PKCS7;
        using var stream = new CryptoStream(output, cipher.CreateEncryptor(cipher.Key, iv), CryptoStreamMode.Write);
        Copy(input, stream);
    }
    else
    {
        CtrCopy(cipher, iv, input, output);
    }
}

void Decrypt(string inputPath, string outputPath)
{
    using FileStream input = File.OpenRead(inputPath);
    byte[] header = new byte[magic.Length + 2 + SaltSize + BlockSize + CheckSize];
    if (input.ReadAtLeast(header, header.Length, throwOnEndOfStream: false) != header.Length || !header.AsSpan(0, magic.Length).SequenceEqual(magic))
    {
        throw new InvalidDataException("not an EncryptFile file, or truncated header");
    }

    byte cipherId = header[magic.Length], modeId = header[magic.Length + 1];
    byte[] salt = header.AsSpan(magic.Length + 2, SaltSize).ToArray();
    byte[] iv = header.AsSpan(magic.Length + 2 + SaltSize, BlockSize).ToArray();
    byte[] storedCheck = header.AsSpan(header.Length - CheckSize).ToArray();
    (byte[] key, byte[] check) = Derive(password, salt);
    if (!CryptographicOperations.FixedTimeEquals(check, storedCheck))
    {
        throw new CryptographicException("wrong password");
    }

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
    _ => throw new InvalidDataException($"cipher {id} is not available in this build"),
};

static (byte[] Key, byte[] Check) Derive(string password, byte[] salt)
{
    byte[] derived = Rfc2898DeriveBytes.Pbkdf2(password, salt, Iterations, HashAlgorithmName.SHA256, KeySize + CheckSize);
    return (derived[..KeySize], derived[KeySize..]);
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
