/*
 * Drives libmcrypt (the library behind PHP's mcrypt_encrypt) and writes one vector per line. Built with gcc and run by
 * tests/legacy/regenerate.sh:
 *
 *   mcrypt_vectors OUTFILE ALGORITHM COUNT "PACKAGE VERSION"
 *
 * PACKAGE VERSION is the packaging of the library (the script passes the Debian package's version); the header adds
 * the version libmcrypt reports. ALGORITHM is rijndael-128, rijndael-192 or rijndael-256 (mcrypt's N is the block size). For each mode (ecb, cbc,
 * cfb = 8-bit CFB, ncfb = full-block CFB, ofb = 8-bit OFB, nofb = full-block OFB, ctr = full-block big-endian counter)
 * and each key size libmcrypt takes (16, 24, 32 bytes), COUNT vectors with random keys, IVs and messages, encrypted the
 * way PHP's mcrypt_encrypt does it:
 *   - the key given by the user may be short: it is zero-padded to the next key size the algorithm takes;
 *   - ecb and cbc (mcrypt's block modes) zero-pad the data to a whole number of blocks; the other modes are streams
 *     (any length, no padding).
 * Every ciphertext is decrypted again by libmcrypt before it is written. Counter-mode vectors include IVs that end in
 * 0xff bytes (carries) and an all-0xff IV (the counter wraps to zero).
 */
#include <mcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *urandom;

static void random_bytes(unsigned char *buffer, size_t length)
{
    if (length != 0 && fread(buffer, 1, length, urandom) != length) {
        fprintf(stderr, "cannot read /dev/urandom\n");
        exit(1);
    }
}

static unsigned random_below(unsigned bound)
{
    unsigned value;
    random_bytes((unsigned char *)&value, sizeof value);
    return value % bound;
}

static void put_hex(FILE *out, const char *name, const unsigned char *bytes, size_t length)
{
    fprintf(out, " %s=", name);
    for (size_t i = 0; i < length; i++) {
        fprintf(out, "%02x", bytes[i]);
    }
}

/* One mcrypt run over buffer (in place), as PHP's mcrypt_encrypt/mcrypt_decrypt: open, init with key and IV, work, close. */
static void run(const char *algorithm, const char *mode, const unsigned char *key, int key_length,
                const unsigned char *iv, unsigned char *buffer, int length, int decrypt)
{
    MCRYPT td = mcrypt_module_open((char *)algorithm, NULL, (char *)mode, NULL);
    if (td == MCRYPT_FAILED) {
        fprintf(stderr, "mcrypt_module_open(%s, %s) failed\n", algorithm, mode);
        exit(1);
    }
    unsigned char iv_copy[64];
    int iv_size = mcrypt_enc_get_iv_size(td);
    memcpy(iv_copy, iv, (size_t)iv_size);
    int status = mcrypt_generic_init(td, (void *)key, key_length, iv_copy);
    if (status < 0) {
        fprintf(stderr, "mcrypt_generic_init(%s, %s, %d-byte key) failed: %d\n", algorithm, mode, key_length, status);
        exit(1);
    }
    if (length != 0) {
        status = decrypt ? mdecrypt_generic(td, buffer, length) : mcrypt_generic(td, buffer, length);
        if (status != 0) {
            fprintf(stderr, "m%scrypt_generic(%s, %s) failed: %d\n", decrypt ? "de" : "", algorithm, mode, status);
            exit(1);
        }
    }
    mcrypt_generic_deinit(td);
    mcrypt_module_close(td);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: mcrypt_vectors OUTFILE ALGORITHM COUNT \"PACKAGE VERSION\"\n");
        return 2;
    }
    const char *out_name = argv[1], *algorithm = argv[2], *version = argv[4];
    int count = atoi(argv[3]);
    static const char *modes[] = { "ecb", "cbc", "cfb", "ncfb", "ofb", "nofb", "ctr" };
    static const int key_sizes[] = { 16, 24, 32 };

    urandom = fopen("/dev/urandom", "rb");
    if (urandom == NULL) {
        perror("/dev/urandom");
        return 1;
    }
    MCRYPT probe = mcrypt_module_open((char *)algorithm, NULL, "ecb", NULL);
    if (probe == MCRYPT_FAILED) {
        fprintf(stderr, "mcrypt_module_open(%s) failed\n", algorithm);
        return 1;
    }
    int block = mcrypt_enc_get_block_size(probe);
    mcrypt_module_close(probe);

    FILE *out = fopen(out_name, "w");
    if (out == NULL) {
        perror(out_name);
        return 1;
    }
    int vectors = (int)(sizeof modes / sizeof modes[0]) * 3 * count;
    fprintf(out, "# mcrypt vectors, %s (block size %d bits): written by libmcrypt, as PHP's mcrypt_encrypt calls it\n", algorithm, block * 8);
    fprintf(out, "# producer: libmcrypt %s (mcrypt_check_version; built against headers %s); %s\n",
            mcrypt_check_version(NULL), LIBMCRYPT_VERSION, version);
    fprintf(out, "# generator: tests/legacy/mcrypt/mcrypt_vectors.c (tests/legacy/regenerate.sh); random keys, IVs, messages\n");
    fprintf(out, "# format: one vector a line: mcrypt algo=rijndael-N mode=ecb|cbc|cfb|ncfb|ofb|nofb|ctr keybytes=16|24|32\n");
    fprintf(out, "#   key=HEX [iv=HEX] pt=HEX ct=HEX\n");
    fprintf(out, "#   key is the key the PHP caller gave (possibly short); PHP zero-pads it to keybytes, the next key size the\n");
    fprintf(out, "#   algorithm takes. N is the block size. iv is absent for ecb. ecb and cbc: pt is the caller's data, ct the\n");
    fprintf(out, "#   encryption of pt zero-padded to whole blocks (decryption returns the zeros). Other modes: streams, any length.\n");
    fprintf(out, "#   cfb and ofb have 8-bit segments; ncfb and nofb full-block ones (the last segment partial); ctr counts over the\n");
    fprintf(out, "#   whole block, big-endian, from iv (wrapping to zero).\n");
    fprintf(out, "# vectors: %d\n", vectors);

    int written = 0;
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        const char *mode = modes[m];
        int block_mode = strcmp(mode, "ecb") == 0 || strcmp(mode, "cbc") == 0;
        for (int k = 0; k < 3; k++) {
            int key_size = key_sizes[k], smaller = k == 0 ? 0 : key_sizes[k - 1];
            for (int i = 0; i < count; i++) {
                /* Half the keys are exactly key_size, the others shorter (PHP pads them with zeros). */
                int user_key_length = i % 2 == 0 ? key_size : smaller + 1 + (int)random_below((unsigned)(key_size - smaller - 1));
                unsigned char key[32] = { 0 }, iv[32], pt[200], buffer[200];
                random_bytes(key, (size_t)user_key_length);
                random_bytes(iv, (size_t)block);
                int length;
                switch (i % 4) {
                case 0: length = 1 + (int)random_below((unsigned)(3 * block + 7)); break;
                case 1: length = block * (1 + (int)random_below(3)); break;
                case 2: length = block * (1 + (int)random_below(3)) - 1; break;
                default: length = 1 + (int)random_below((unsigned)block); break;
                }
                if (strcmp(mode, "ctr") == 0) {
                    if (i % 3 == 1) {
                        /* The low bytes carry into the higher ones within the message. */
                        int ones = 1 + (int)random_below(3);
                        memset(iv + block - ones, 0xff, (size_t)ones);
                        length = 2 * block + (int)random_below((unsigned)(2 * block));
                    } else if (i == 2) {
                        memset(iv, 0xff, (size_t)block); /* wraps to zero after the first block */
                        length = 2 * block + 1 + (int)random_below((unsigned)block);
                    }
                }
                random_bytes(pt, (size_t)length);
                int padded = block_mode ? (length + block - 1) / block * block : length;
                memset(buffer, 0, sizeof buffer);
                memcpy(buffer, pt, (size_t)length);
                run(algorithm, mode, key, key_size, iv, buffer, padded, 0);

                unsigned char check[200];
                memcpy(check, buffer, (size_t)padded);
                run(algorithm, mode, key, key_size, iv, check, padded, 1);
                unsigned char expected[200] = { 0 };
                memcpy(expected, pt, (size_t)length);
                if (memcmp(check, expected, (size_t)padded) != 0) {
                    fprintf(stderr, "libmcrypt did not decrypt its own ciphertext (%s %s)\n", algorithm, mode);
                    return 1;
                }

                fprintf(out, "mcrypt algo=%s mode=%s keybytes=%d", algorithm, mode, key_size);
                put_hex(out, "key", key, (size_t)user_key_length);
                if (strcmp(mode, "ecb") != 0) {
                    put_hex(out, "iv", iv, (size_t)block);
                }
                put_hex(out, "pt", pt, (size_t)length);
                put_hex(out, "ct", buffer, (size_t)padded);
                fputc('\n', out);
                written++;
            }
        }
    }
    if (fclose(out) != 0 || written != vectors) {
        fprintf(stderr, "%s: write failed\n", out_name);
        return 1;
    }
    printf("%s: %d vectors\n", out_name, written);
    return 0;
}
