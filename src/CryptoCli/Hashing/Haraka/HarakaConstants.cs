// Haraka v2's 40 round constants (Koelbl, Lauridsen, Mendel, Rechberger, ePrint 2016/098, "Haraka v2").
// Transcribed from github.com/kste/haraka (MIT) code/c/aesni_optimized/haraka.c, in memory (load) order. Each constant
// is four little-endian 32-bit words: word 0 is the LAST argument of the C code's _mm_set_epi32.
using System;

namespace CryptoCli;

internal static class HarakaConstants
{
    /// <summary>RC[0..39], four words each (160 words).</summary>
    /// <remarks>
    /// A span over constant data, not a static array: on .NET it points into the assembly's data (no static
    /// constructor, no class-initialisation check), so that a kernel compiled before anything else ran still
    /// addresses the constants directly.
    /// </remarks>
    public static ReadOnlySpan<uint> RoundConstants =>
    [
        0x75817b9d, 0xb2c5fef0, 0xe620c00a, 0x0684704c,  // RC[0]
        0x2f08f717, 0x640f6ba4, 0x88f3a06b, 0x8b66b4e1,  // RC[1]
        0x9f029114, 0xcf029d60, 0x53f28498, 0x3402de2d,  // RC[2]
        0xfd5b4f79, 0xbbf3bcaf, 0x2e7b4f08, 0x0ed6eae6,  // RC[3]
        0xbe397044, 0x79eecd1c, 0x4872448b, 0xcbcfb0cb,  // RC[4]
        0x2b8a057b, 0x8d5335ed, 0x6e9032b7, 0x7eeacdee,  // RC[5]
        0xda4fef1b, 0xe2412761, 0x5e2e7cd0, 0x67c28f43,  // RC[6]
        0x1fc70b3b, 0x675ffde2, 0xafcacc07, 0x2924d9b0,  // RC[7]
        0xb9d465ee, 0xecdb8fca, 0xe6867fe9, 0xab4d63f1,  // RC[8]
        0xad037e33, 0x5b2a404f, 0xd4b7cd64, 0x1c30bf84,  // RC[9]
        0x8df69800, 0x69028b2e, 0x941723bf, 0xb2cc0bb9,  // RC[10]
        0x5c9d2d8a, 0x4aaa9ec8, 0xde6f5572, 0xfa0478a6,  // RC[11]
        0x29129fd4, 0x0efa4f2e, 0x6b772a12, 0xdfb49f2b,  // RC[12]
        0xbb6a12ee, 0x32d611ae, 0xf449a236, 0x1ea10344,  // RC[13]
        0x9ca8eca6, 0x5f9600c9, 0x4b050084, 0xaf044988,  // RC[14]
        0x27e593ec, 0x78a2c7e3, 0x9d199c4f, 0x21025ed8,  // RC[15]
        0x82d40173, 0xb9282ecd, 0xa759c9b7, 0xbf3aaaf8,  // RC[16]
        0x10307d6b, 0x37f2efd9, 0x6186b017, 0x6260700d,  // RC[17]
        0xf6fc9ac6, 0x81c29153, 0x21300443, 0x5aca45c2,  // RC[18]
        0x36d1943a, 0x2caf92e8, 0x226b68bb, 0x9223973c,  // RC[19]
        0xe51071b4, 0x6cbab958, 0x225886eb, 0xd3bf9238,  // RC[20]
        0x24e1128d, 0x933dfddd, 0xaef0c677, 0xdb863ce5,  // RC[21]
        0xcb2212b1, 0x83e48de3, 0xffeba09c, 0xbb606268,  // RC[22]
        0xc72bf77d, 0x2db91a4e, 0xe2e4d19c, 0x734bd3dc,  // RC[23]
        0x2cb3924e, 0x4b1415c4, 0x61301b43, 0x43bb47c3,  // RC[24]
        0x16eb6899, 0x03b231dd, 0xe707eff6, 0xdba775a8,  // RC[25]
        0x7eca472c, 0x8e5e2302, 0x3c755977, 0x6df3614b,  // RC[26]
        0xb88617f9, 0x6d1be5b9, 0xd6de7d77, 0xcda75a17,  // RC[27]
        0xa946ee5d, 0x9d6c069d, 0x6ba8e9aa, 0xec6b43f0,  // RC[28]
        0x3bf327c1, 0xa2531159, 0xf957332b, 0xcb1e6950,  // RC[29]
        0x600ed0d9, 0xe4ed0353, 0x00da619c, 0x2cee0c75,  // RC[30]
        0x63a4a350, 0x80bbbabc, 0x96e90cab, 0xf0b1a5a1,  // RC[31]
        0x938dca39, 0xab0dde30, 0x5e962988, 0xae3db102,  // RC[32]
        0x2e75b442, 0x8814f3a8, 0xd554a40b, 0x17bb8f38,  // RC[33]
        0x360a16f6, 0xaeb6b779, 0x5f427fd7, 0x34bb8a5b,  // RC[34]
        0xffbaafde, 0x43ce5918, 0xcbe55438, 0x26f65241,  // RC[35]
        0x839ec978, 0xa2ca9cf7, 0xb9f3026a, 0x4ce99a54,  // RC[36]
        0x22901235, 0x40c06e28, 0x1bdff7be, 0xae51a51a,  // RC[37]
        0x48a659cf, 0xc173bc0f, 0xba7ed22b, 0xa0c1613c,  // RC[38]
        0xe9c59da1, 0x4ad6bdfd, 0x02288288, 0x756acc03,  // RC[39]
    ];
}
