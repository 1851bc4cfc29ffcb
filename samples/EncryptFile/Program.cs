// EncryptFile: encrypts and decrypts files with a password, streaming so that large files use constant memory.
//
//   EncryptFile encrypt <input> <output> [--cipher rijndael|camellia] [--mode gcm|cbc|ctr] [--force] [--allow-empty-password]
//   EncryptFile decrypt <input> <output> [--force]
//   EncryptFile encrypt|decrypt <input> <output> --openssl --cipher aes-256-cbc [--iter N] [--md sha256]
//       [--evp-bytes-to-key] [--force]: the files of `openssl enc -pbkdf2 -iter N -md sha256 -aes-256-cbc` (or of
//       openssl enc without -pbkdf2, with --evp-bytes-to-key); see OpenSslEnc.cs.
//   The password comes from the CRYPTOCLI_PASSWORD environment variable, or is asked for on the terminal (twice on
//   encrypt). Exit codes: 0 done, 1 wrong password or modified/truncated file, 2 usage or input error.
//
// Two formats; decrypt reads both. The keys come from PBKDF2-HMAC-SHA256 (the runtime's) with a random salt.
// "CCLI2" (the default, --mode gcm): "CCLI2" | cipher (1) | salt (16) | nonce prefix (8) | password check (16), then
//   the file in 64 KiB chunks, each encrypted with BlockCipherGcm under the nonce prefix || chunk number (4 bytes,
//   big-endian) and followed by its 16-byte tag; the associated data of every chunk is the header and a last-chunk
//   flag, and the last chunk (possibly empty) always has the flag set. So a chunk cannot be modified, reordered,
//   dropped or moved to another file, and a file cut at a chunk boundary is refused. Decryption writes a chunk only
//   after its tag verified. (This is the STREAM construction of Hoang, Reyhanitabar, Rogaway and Vizár.)
// "CCLI1" (--mode cbc or ctr): "CCLI1" | cipher (1) | mode (1) | salt (16) | IV or initial counter (16) |
//   password check (16) | ciphertext | HMAC-SHA256 tag (32) over everything before it. CBC and CTR give
//   confidentiality only; the tag (encrypt-then-MAC) is checked over the whole file before any plaintext is
//   produced, so a modified file never reaches the CBC padding check (no padding oracle).
// Outputs are written to a temporary file in the same folder and renamed only on success.
using System;
using System.CommandLine;
using System.IO;
using System.Security.Cryptography;
using CryptoCli;
using CryptoCli.Samples;

const int SaltSize = 16, BlockSize = 16, CheckSize = 16, KeySize = 32, TagSize = 32, Iterations = 200_000, ChunkSize = 64 * 1024;
const int NoncePrefixSize = 8, GcmTagSize = 16;
byte[] magic = "CCLI1"u8.ToArray();
byte[] gcmMagic = "CCLI2"u8.ToArray();
int headerSize = magic.Length + 2 + SaltSize + BlockSize + CheckSize;
int gcmHeaderSize = gcmMagic.Length + 1 + SaltSize + NoncePrefixSize + CheckSize;

var encrypt = new Command("encrypt", "Encrypt a file with a password.");
var encryptInput = new Argument<string>("input") { Description = "The file to encrypt." };
var encryptOutput = new Argument<string>("output") { Description = "The encrypted file to write." };
var cipherOption = CipherOption("The block cipher: rijndael (the default) or camellia; with --openssl, as OpenSSL "
    + "names it: " + OpenSslEnc.CipherNames + ".");
var modeOption = new Option<string>("--mode") { Description = "gcm (authenticated encryption, format CCLI2), or cbc or ctr with an HMAC-SHA256 tag (format CCLI1).", DefaultValueFactory = _ => "gcm" };
modeOption.AcceptOnlyFromAmong("gcm", "cbc", "ctr");
var allowEmptyOption = new Option<bool>("--allow-empty-password") { Description = "Accept an empty password." };
encrypt.Add(encryptInput);
encrypt.Add(encryptOutput);
encrypt.Add(cipherOption);
encrypt.Add(modeOption);
encrypt.Add(allowEmptyOption);
Option<bool> encryptForce = ForceOption();
Option<string> encryptProgress = ProgressOption();
encrypt.Add(encryptForce);
encrypt.Add(encryptProgress);
OpenSslOptions encryptOpenSsl = OpenSslOptions.AddTo(encrypt, cipherOption, modeOption);
encrypt.SetAction(parsed =>
{
    if (parsed.GetValue(encryptOpenSsl.OpenSsl))
    {
        EncryptOpenSsl(parsed.GetValue(encryptInput)!, parsed.GetValue(encryptOutput)!, encryptOpenSsl.Settings(parsed),
            parsed.GetValue(encryptForce), parsed.GetValue(allowEmptyOption), parsed.GetValue(encryptProgress)!);
        return ExitCode.Ok;
    }

    Encrypt(parsed.GetValue(encryptInput)!, parsed.GetValue(encryptOutput)!,
        parsed.GetValue(cipherOption) ?? "rijndael", parsed.GetValue(modeOption)!,
        parsed.GetValue(encryptForce), parsed.GetValue(allowEmptyOption), parsed.GetValue(encryptProgress)!);
    return ExitCode.Ok;
});

var decrypt = new Command("decrypt", "Decrypt a file written by 'encrypt', after checking that it was not modified; "
    + "with --openssl, a file of openssl enc (which has nothing to check).");
var decryptInput = new Argument<string>("input") { Description = "The encrypted file." };
var decryptOutput = new Argument<string>("output") { Description = "The decrypted file to write." };
Option<bool> decryptForce = ForceOption();
Option<string> decryptProgress = ProgressOption();
decrypt.Add(decryptInput);
decrypt.Add(decryptOutput);
decrypt.Add(decryptForce);
decrypt.Add(decryptProgress);
Option<string?> decryptCipher = CipherOption("With --openssl: the cipher the file was encrypted with (the file "
    + "does not say), as OpenSSL names it: " + OpenSslEnc.CipherNames + ".");
decrypt.Add(decryptCipher);
OpenSslOptions decryptOpenSsl = OpenSslOptions.AddTo(decrypt, decryptCipher, mode: null);
decrypt.SetAction(parsed =>
{
    if (parsed.GetValue(decryptOpenSsl.OpenSsl))
    {
        DecryptOpenSsl(parsed.GetValue(decryptInput)!, parsed.GetValue(decryptOutput)!, decryptOpenSsl.Settings(parsed),
            parsed.GetValue(decryptForce), parsed.GetValue(decryptProgress)!);
        return ExitCode.Ok;
    }

    Decrypt(parsed.GetValue(decryptInput)!, parsed.GetValue(decryptOutput)!, parsed.GetValue(decryptForce), parsed.GetValue(decryptProgress)!);
    return ExitCode.Ok;
});

var root = new RootCommand("Encrypts and decrypts files with a password (RijndaelCipher or Camellia; GCM, or CBC or "
    + "CTR with HMAC-SHA256; PBKDF2), or reads and writes the files of openssl enc (--openssl). The password is read "
    + "from CRYPTOCLI_PASSWORD or asked for on the terminal.");
root.Add(encrypt);
root.Add(decrypt);
return Cli.Run(root, args);

static Option<string?> CipherOption(string description) => new("--cipher") { Description = description };

static Option<bool> ForceOption() => new("--force", "-f") { Description = "Overwrite the output if it exists." };

static Option<string> ProgressOption()
{
    var option = new Option<string>("--progress") { Description = "Show a progress line on stderr: auto (when stderr is a terminal), always or never.", DefaultValueFactory = _ => "auto" };
    option.AcceptOnlyFromAmong("auto", "always", "never");
    return option;
}

void Encrypt(string inputPath, string outputPath, string cipherName, string modeName, bool force, bool allowEmpty, string progressMode)
{
    byte cipherId = cipherName == "camellia" ? (byte)2 : (byte)1;
    using FileStream input = Cli.OpenInput(inputPath);
    Cli.CheckOutput(outputPath, force);
    string password = Cli.ReadPassword(confirm: true, allowEmpty);
    if (modeName == "gcm")
    {
        EncryptGcm(input, outputPath, cipherId, password, force, progressMode);
        return;
    }

    byte modeId = modeName == "ctr" ? (byte)2 : (byte)1;

    byte[] salt = RandomNumberGenerator.GetBytes(SaltSize);
    byte[] iv = RandomNumberGenerator.GetBytes(BlockSize);
    (byte[] key, byte[] macKey, byte[] check) = Derive(password, salt);
    using BlockCipherAlgorithm cipher = CreateCipher(cipherId);
    cipher.Key = key;
    CryptographicOperations.ZeroMemory(key);

    Cli.WriteAtomically(outputPath, force, file =>
    {
        using var output = new MacStream(file, macKey);
        output.Write(magic);
        output.Write([cipherId, modeId]);
        output.Write(salt);
        output.Write(iv);
        output.Write(check);
        var progress = new Progress("encrypting", input.Length, progressMode);
        if (modeId == 1)
        {
            cipher.Mode = CipherMode.CBC;
            cipher.Padding = PaddingMode.PKCS7;
            using var stream = new CryptoStream(output, cipher.CreateEncryptor(cipher.Key, iv), CryptoStreamMode.Write, leaveOpen: true);
            Copy(input, stream, progress);
        }
        else
        {
            CtrCopy(cipher, iv, input, output, progress);
        }

        file.Write(output.GetTag());
    });
    CryptographicOperations.ZeroMemory(macKey);
}

// --openssl: the files of openssl enc (OpenSslEnc.cs). No password check, no tag: the format has neither.
static void EncryptOpenSsl(
    string inputPath, string outputPath, OpenSslSettings settings, bool force, bool allowEmpty, string progressMode)
{
    using FileStream input = Cli.OpenInput(inputPath);
    Cli.CheckOutput(outputPath, force);
    string password = Cli.ReadPassword(confirm: true, allowEmpty);
    Cli.WriteAtomically(outputPath, force, output =>
        OpenSslEnc.Encrypt(input, output, password, settings, new Progress("encrypting", input.Length, progressMode)));
}

static void DecryptOpenSsl(
    string inputPath, string outputPath, OpenSslSettings settings, bool force, string progressMode)
{
    using FileStream input = Cli.OpenInput(inputPath);
    Cli.CheckOutput(outputPath, force);
    string password = Cli.ReadPassword(confirm: false, allowEmpty: true);
    var progress = new Progress("decrypting", input.Length, progressMode);
    Cli.WriteAtomically(outputPath, force, output =>
        OpenSslEnc.Decrypt(input, output, password, settings, inputPath, progress));
}

void EncryptGcm(FileStream input, string outputPath, byte cipherId, string password, bool force, string progressMode)
{
    byte[] salt = RandomNumberGenerator.GetBytes(SaltSize);
    byte[] noncePrefix = RandomNumberGenerator.GetBytes(NoncePrefixSize);
    (byte[] key, byte[] macKey, byte[] check) = Derive(password, salt);
    CryptographicOperations.ZeroMemory(macKey); // GCM authenticates: the MAC key of the CCLI1 format is not used
    byte[] header = [.. gcmMagic, cipherId, .. salt, .. noncePrefix, .. check];
    using BlockCipherAlgorithm cipher = CreateCipher(cipherId);
    cipher.Key = key;
    CryptographicOperations.ZeroMemory(key);
    using var gcm = new BlockCipherGcm(cipher, GcmTagSize);
    Cli.WriteAtomically(outputPath, force, output =>
    {
        output.Write(header);
        byte[] chunk = new byte[ChunkSize], next = new byte[ChunkSize], sealedChunk = new byte[ChunkSize], tag = new byte[GcmTagSize];
        var progress = new Progress("encrypting", input.Length, progressMode);
        int length = input.ReadAtLeast(chunk, ChunkSize, throwOnEndOfStream: false);
        for (uint index = 0; ; index++)
        {
            // Read one chunk ahead: the last chunk (possibly empty) is the one with nothing after it.
            int nextLength = length == ChunkSize ? input.ReadAtLeast(next, ChunkSize, throwOnEndOfStream: false) : 0;
            bool last = nextLength == 0;
            gcm.Encrypt(ChunkNonce(noncePrefix, index), chunk.AsSpan(0, length), sealedChunk.AsSpan(0, length), tag, ChunkAad(header, last));
            output.Write(sealedChunk, 0, length);
            output.Write(tag);
            progress.Advance(length);
            if (last)
            {
                break;
            }

            (chunk, next, length) = (next, chunk, nextLength);
            if (index == uint.MaxValue - 1)
            {
                throw new UsageException("the input is too large for this format (2^32 chunks of 64 KiB)");
            }
        }

        progress.Done();
        CryptographicOperations.ZeroMemory(chunk);
        CryptographicOperations.ZeroMemory(next);
    });
}

void DecryptGcm(FileStream file, string inputPath, string outputPath, bool force, string progressMode)
{
    byte[] header = new byte[gcmHeaderSize];
    if (file.ReadAtLeast(header, header.Length, throwOnEndOfStream: false) != header.Length)
    {
        throw new VerificationFailedException($"{inputPath}: the file is truncated");
    }

    byte cipherId = header[gcmMagic.Length];
    byte[] salt = header.AsSpan(gcmMagic.Length + 1, SaltSize).ToArray();
    byte[] noncePrefix = header.AsSpan(gcmMagic.Length + 1 + SaltSize, NoncePrefixSize).ToArray();
    byte[] storedCheck = header.AsSpan(header.Length - CheckSize).ToArray();
    using BlockCipherAlgorithm cipher = CreateCipher(cipherId);
    string password = Cli.ReadPassword(confirm: false, allowEmpty: true);
    (byte[] key, byte[] macKey, byte[] check) = Derive(password, salt);
    CryptographicOperations.ZeroMemory(macKey);
    if (!CryptographicOperations.FixedTimeEquals(check, storedCheck))
    {
        throw new VerificationFailedException($"{inputPath}: wrong password");
    }

    cipher.Key = key;
    CryptographicOperations.ZeroMemory(key);
    using var gcm = new BlockCipherGcm(cipher, GcmTagSize);
    Cli.WriteAtomically(outputPath, force, output =>
    {
        const int SealedSize = ChunkSize + GcmTagSize;
        byte[] sealedChunk = new byte[SealedSize], next = new byte[SealedSize], plain = new byte[ChunkSize];
        var progress = new Progress("decrypting", file.Length - header.Length, progressMode);
        int length = file.ReadAtLeast(sealedChunk, SealedSize, throwOnEndOfStream: false);
        for (uint index = 0; ; index++)
        {
            if (length < GcmTagSize)
            {
                throw new VerificationFailedException($"{inputPath}: the file is truncated");
            }

            int nextLength = length == SealedSize ? file.ReadAtLeast(next, SealedSize, throwOnEndOfStream: false) : 0;
            bool last = nextLength == 0;
            int plainLength = length - GcmTagSize;
            try
            {
                gcm.Decrypt(ChunkNonce(noncePrefix, index), sealedChunk.AsSpan(0, plainLength), sealedChunk.AsSpan(plainLength, GcmTagSize), plain.AsSpan(0, plainLength), ChunkAad(header, last));
            }
            catch (CryptographicException)
            {
                throw new VerificationFailedException($"{inputPath}: the file was modified or truncated (authentication of chunk {index} failed)");
            }

            output.Write(plain, 0, plainLength);
            progress.Advance(length);
            if (last)
            {
                break;
            }

            (sealedChunk, next, length) = (next, sealedChunk, nextLength);
        }

        progress.Done();
        CryptographicOperations.ZeroMemory(plain);
    });
}

// The nonce of chunk i: the file's random prefix, then i as a 32-bit big-endian number.
static byte[] ChunkNonce(byte[] prefix, uint index)
{
    byte[] nonce = new byte[prefix.Length + 4];
    prefix.CopyTo(nonce, 0);
    System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(nonce.AsSpan(prefix.Length), index);
    return nonce;
}

// The associated data of a chunk: the whole header (so no field can be changed) and whether it is the last chunk.
static byte[] ChunkAad(byte[] header, bool last) => [.. header, last ? (byte)1 : (byte)0];

void Decrypt(string inputPath, string outputPath, bool force, string progressMode)
{
    using FileStream file = Cli.OpenInput(inputPath);
    Cli.CheckOutput(outputPath, force);
    byte[] header = new byte[headerSize];
    int read = file.ReadAtLeast(header, magic.Length, throwOnEndOfStream: false);
    if (read >= gcmMagic.Length && header.AsSpan(0, gcmMagic.Length).SequenceEqual(gcmMagic))
    {
        file.Position = 0;
        DecryptGcm(file, inputPath, outputPath, force, progressMode);
        return;
    }

    if (read < magic.Length || !header.AsSpan(0, magic.Length).SequenceEqual(magic))
    {
        throw new UsageException($"{inputPath}: not a file written by EncryptFile");
    }

    file.Position = 0;
    _ = file.ReadAtLeast(header, header.Length, throwOnEndOfStream: false); // a short file fails the length check below

    if (file.Length < header.Length + TagSize)
    {
        throw new VerificationFailedException($"{inputPath}: the file is truncated");
    }

    byte cipherId = header[magic.Length], modeId = header[magic.Length + 1];
    byte[] salt = header.AsSpan(magic.Length + 2, SaltSize).ToArray();
    byte[] iv = header.AsSpan(magic.Length + 2 + SaltSize, BlockSize).ToArray();
    byte[] storedCheck = header.AsSpan(header.Length - CheckSize).ToArray();
    string password = Cli.ReadPassword(confirm: false, allowEmpty: true);
    (byte[] key, byte[] macKey, byte[] check) = Derive(password, salt);
    if (!CryptographicOperations.FixedTimeEquals(check, storedCheck))
    {
        throw new VerificationFailedException($"{inputPath}: wrong password");
    }

    // First pass: the tag over header and ciphertext, before any plaintext exists.
    long ciphertextLength = file.Length - header.Length - TagSize;
    using (var mac = IncrementalHash.CreateHMAC(HashAlgorithmName.SHA256, macKey))
    {
        mac.AppendData(header);
        byte[] buffer = new byte[ChunkSize];
        var progress = new Progress("verifying ", ciphertextLength, progressMode);
        for (long left = ciphertextLength; left > 0;)
        {
            int chunk = file.Read(buffer, 0, (int)Math.Min(buffer.Length, left));
            if (chunk == 0)
            {
                throw new VerificationFailedException($"{inputPath}: the file is truncated");
            }

            mac.AppendData(buffer, 0, chunk);
            left -= chunk;
            progress.Advance(chunk);
        }

        progress.Done();
        byte[] tag = new byte[TagSize];
        file.ReadExactly(tag);
        if (!CryptographicOperations.FixedTimeEquals(tag, mac.GetHashAndReset()))
        {
            throw new VerificationFailedException($"{inputPath}: the file was modified or truncated (authentication failed)");
        }
    }

    CryptographicOperations.ZeroMemory(macKey);
    if (modeId is not (1 or 2))
    {
        throw new UsageException($"{inputPath}: unknown mode {modeId} in the header");
    }

    using BlockCipherAlgorithm cipher = CreateCipher(cipherId);
    cipher.Key = key;
    CryptographicOperations.ZeroMemory(key);
    file.Position = header.Length;
    using Stream ciphertext = new SubStream(file, ciphertextLength);
    Cli.WriteAtomically(outputPath, force, output =>
    {
        var progress = new Progress("decrypting", ciphertextLength, progressMode);
        if (modeId == 1)
        {
            cipher.Mode = CipherMode.CBC;
            cipher.Padding = PaddingMode.PKCS7;
            using var stream = new CryptoStream(ciphertext, cipher.CreateDecryptor(cipher.Key, iv), CryptoStreamMode.Read);
            Copy(stream, output, progress);
        }
        else
        {
            CtrCopy(cipher, iv, ciphertext, output, progress);
        }
    });
}

static BlockCipherAlgorithm CreateCipher(byte id) => id switch
{
    1 => RijndaelCipher.Create(),
    2 => Camellia.Create(),
    _ => throw new UsageException($"cipher {id} in the header is not known to this version"),
};

static (byte[] Key, byte[] MacKey, byte[] Check) Derive(string password, byte[] salt)
{
    byte[] derived = Rfc2898DeriveBytes.Pbkdf2(password, salt, Iterations, HashAlgorithmName.SHA256, 2 * KeySize + CheckSize);
    var result = (derived[..KeySize], derived[KeySize..(2 * KeySize)], derived[(2 * KeySize)..]);
    CryptographicOperations.ZeroMemory(derived);
    return result;
}

// CTR over 64 KiB chunks: every chunk but the last is a whole number of blocks, and the counter advances by the
// blocks each chunk used, so no counter value is used twice within a file (each file has a fresh random counter).
static void CtrCopy(BlockCipherAlgorithm cipher, byte[] initialCounter, Stream input, Stream output, Progress progress)
{
    byte[] counter = (byte[])initialCounter.Clone();
    byte[] buffer = new byte[ChunkSize];
    int read;
    while ((read = input.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false)) > 0)
    {
        cipher.EncryptCtr(buffer.AsSpan(0, read), counter, buffer);
        output.Write(buffer, 0, read);
        AddToCounter(counter, buffer.Length / BlockSize);
        progress.Advance(read);
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

static void Copy(Stream input, Stream output, Progress progress)
{
    byte[] buffer = new byte[ChunkSize];
    int read;
    while ((read = input.Read(buffer, 0, buffer.Length)) > 0)
    {
        output.Write(buffer, 0, read);
        progress.Advance(read);
    }

    progress.Done();
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

/// <summary>
/// The options of --openssl on one command, and the checks between them: the cipher is an OpenSSL name (and
/// required), --mode does not apply, --iter only with PBKDF2, md5 only with --evp-bytes-to-key (the runtime's
/// PBKDF2 has no MD5), and none of them without --openssl.
/// </summary>
internal sealed record OpenSslOptions(
    Option<bool> OpenSsl, Option<string?> Cipher, Option<string> Md, Option<int> Iter, Option<bool> EvpBytesToKey)
{
    public static OpenSslOptions AddTo(Command command, Option<string?> cipher, Option<string>? mode)
    {
        var options = new OpenSslOptions(
            new Option<bool>("--openssl")
            {
                Description = "Read or write the files of openssl enc (Salted__ header; PBKDF2 unless "
                    + "--evp-bytes-to-key; no integrity check).",
            },
            cipher,
            new Option<string>("--md")
            {
                Description = "With --openssl: the digest of the key derivation, as openssl enc -md.",
                DefaultValueFactory = _ => "sha256",
            },
            new Option<int>("--iter")
            {
                Description = "With --openssl: the PBKDF2 iterations, as openssl enc -iter.",
                DefaultValueFactory = _ => OpenSslEnc.DefaultIterations,
            },
            new Option<bool>("--evp-bytes-to-key")
            {
                Description = "With --openssl: derive key and IV with EVP_BytesToKey, as openssl enc without -pbkdf2 "
                    + "(the only way before OpenSSL 1.1.1; add --md md5 for files of OpenSSL 1.0).",
            });
        options.Md.AcceptOnlyFromAmong("sha256", "sha1", "sha512", "md5");
        command.Add(options.OpenSsl);
        command.Add(options.Md);
        command.Add(options.Iter);
        command.Add(options.EvpBytesToKey);
        command.Validators.Add(result =>
        {
            bool Explicit(Option option) => result.GetResult(option) is { Implicit: false };

            // The value, or the default when it does not parse: the option's own error is reported then.
            T? Value<T>(Option<T> option)
            {
                try
                {
                    return result.GetValue(option);
                }
                catch (InvalidOperationException)
                {
                    return default;
                }
            }

            if (!Value(options.OpenSsl))
            {
                foreach (Option option in new Option[] { options.Md, options.Iter, options.EvpBytesToKey })
                {
                    if (Explicit(option))
                    {
                        result.AddError($"{option.Name} applies only with --openssl");
                    }
                }

                string? name = Value(cipher);
                if (mode is null && name is not null)
                {
                    result.AddError("--cipher applies only with --openssl (the files of encrypt say their cipher)");
                }
                else if (name is not null && name is not ("rijndael" or "camellia"))
                {
                    result.AddError($"--cipher {name}: use rijndael or camellia, or an OpenSSL name with --openssl");
                }

                return;
            }

            string? cipherName = Value(cipher);
            if (cipherName is null)
            {
                result.AddError($"--openssl needs --cipher: the file does not record it ({OpenSslEnc.CipherNames})");
            }
            else if (!OpenSslEnc.IsCipherName(cipherName))
            {
                result.AddError(
                    $"--cipher {cipherName}: not an OpenSSL cipher this sample knows ({OpenSslEnc.CipherNames})");
            }

            if (mode is not null && Explicit(mode))
            {
                result.AddError("--mode does not apply to --openssl: the mode is in the cipher name (aes-256-ctr)");
            }

            bool evp = Value(options.EvpBytesToKey);
            if (evp && Explicit(options.Iter))
            {
                result.AddError("--iter applies to PBKDF2 only: openssl enc runs EVP_BytesToKey with one iteration");
            }

            if (!evp && Value(options.Md) == "md5")
            {
                result.AddError("--md md5 needs --evp-bytes-to-key: PBKDF2 with MD5 is not supported");
            }

            if (Explicit(options.Iter) && Value(options.Iter) < 1)
            {
                result.AddError("--iter must be at least 1");
            }
        });
        return options;
    }

    public OpenSslSettings Settings(ParseResult parsed) =>
        new(parsed.GetValue(Cipher)!, parsed.GetValue(Md)!, parsed.GetValue(Iter), parsed.GetValue(EvpBytesToKey));
}
