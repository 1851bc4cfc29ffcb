namespace CryptoCli;

/// <summary>
/// Exception messages, worded as the runtime words them (docs/design.md §4). Never put secrets in a message.
/// </summary>
internal static class SR
{
    public const string InvalidKeySize = "Specified key is not a valid size for this algorithm.";
    public const string InvalidIVSize =
        "Specified initialization vector (IV) does not match the block size for this algorithm.";
    public const string InvalidBlockSize = "Specified block size is not valid for this algorithm.";
    public const string DestinationTooShort = "Destination is too short.";
    public const string PartialBlock = "The input data is not a complete block.";
    public const string InvalidPadding = "Padding is invalid and cannot be removed.";
    public const string CipherModeNotSupported = "Specified cipher mode is not valid for this algorithm.";
    public const string PaddingModeNotSupported = "Specified padding mode is not valid for this algorithm.";
    public const string MatchBlockSize =
        "The input data length must be a multiple of the block size when no padding is used.";
    public const string PlaintextSizeNotValid =
        "The specified plaintext size is not valid for the padding and block size.";
    public const string PlaintextSizeNotValidForFeedback =
        "The specified plaintext size is not valid for the padding and feedback size.";
    public const string PlaintextTooLarge = "The specified plaintext size is too large.";
    public const string BitsMustBeWholeBytes = "The value specified in bits must be a whole number of bytes.";
    public const string IVRequired = "The cipher mode specified requires that an initialization vector (IV) be used.";
    public const string MustTransformWholeBlock = "TransformBlock may only process bytes in block sized increments.";
    public const string MustBeNonNegative = "{0} ('{1}') must be a non-negative value.";
    public const string MustBeNonNegativeNonZero = "{0} ('{1}') must be a non-negative and non-zero value.";
    public const string MustBeLessOrEqual = "{0} ('{1}') must be less than or equal to '{2}'.";
    public const string ConcurrentUse = "Concurrent operations from multiple threads on this type are not supported.";
    public const string InvalidFeedbackSize = "Specified feedback size is not valid for this algorithm.";
    public const string FixedLength = "The {0} must have a length of {1} bytes.";
    public const string Overlap = "The {0} must not overlap with the {1}.";
    public const string InvalidTagSize = "The specified tag is not a valid size for this algorithm.";
    public const string TagSizeMismatch = "The size of the specified tag does not match the expected size of {0}.";
    public const string InvalidNonceSize = "The specified nonce is not a valid size for this algorithm.";
    public const string PlaintextCiphertextLengthMismatch = "Plaintext and ciphertext must have the same length.";
    public const string AuthenticationTagMismatch =
        "The computed authentication tag did not match the input authentication tag.";
    public const string Requires128BitBlock = "The cipher must have a 128-bit block.";
    public const string KdfCounterBits = "The counter must be 8, 16, 24 or 32 bits wide.";
    public const string KdfCounterLocation = "The counter location is not valid for this mode.";
    public const string XtsEqualKeyHalves = "The two halves of an XTS key must differ.";
    public const string XtsDataUnitLength = "A data unit must be from 16 bytes to 2^20 blocks long.";
    public const string XtsDataUnitsLength = "The source must be a whole number of data units.";
    public const string KeyWrapDecryptFailed = "The ciphertext did not successfully decrypt with the instance key.";
    public const string KeyWrapInvalidLength = "The {0} is not a valid length for the {1} algorithm.";
    public const string EmptyArray = "Array may not be empty or null.";
    public const string DestinationExactLength = "Destination must be exactly {0} bytes.";
    public const string MessageTooLong = "The total length exceeds the limit of the algorithm.";
    public const string GcmStreamOrder = "The operation is not valid in the current state of the stream.";
    public const string StreamTransformModeNotSupported =
        "Stream transforms exist for CipherMode.CFB and CipherMode.OFB only.";
    public const string CtsRequiresNoPadding = "Ciphertext stealing (CipherMode.CTS) requires PaddingMode.None.";
    public const string CtsInputTooShort = "Ciphertext stealing (CipherMode.CTS) requires at least one block of input.";
    public const string FeedbackSizeNotSupported =
        "The specified feedback size '{0}' for CipherMode '{1}' is not supported.";
    public const string ArgumentOffsetLength =
        "Offset and length were out of bounds for the array or count is greater than the number of elements from "
        + "index to the end of the source collection.";
}
