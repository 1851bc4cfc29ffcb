namespace CryptoCli;

/// <summary>
/// Where the counter [i]ᵣ sits in each pseudorandom-function input of <see cref="SP800108CmacKdf"/>'s fixed-input
/// forms (NIST SP 800-108 leaves the order to the protocol; NIST CAVP's KBKDF files name each choice).
/// </summary>
/// <remarks>The location is a public choice of layout: the derivation is constant-time exactly when
/// <see cref="SP800108CmacKdf"/>'s is, whatever the location and the counter's width.</remarks>
public enum SP800108CounterLocation
{
    /// <summary>Right before the fixed input: [i] ‖ fixed input in counter mode (CAVP <c>BEFORE_FIXED</c>),
    /// K(i − 1) ‖ [i] ‖ fixed input in feedback mode and A(i) ‖ [i] ‖ fixed input in double-pipeline mode (CAVP
    /// <c>AFTER_ITER</c>). The layout of the runtime's <c>SP800108HmacCounterKdf</c> and of RFC 6803, and the one
    /// the label-and-context forms use.</summary>
    BeforeFixedInput = 0,

    /// <summary>After the fixed input, last in every mode (CAVP <c>AFTER_FIXED</c>).</summary>
    AfterFixedInput = 1,

    /// <summary>First, before the iteration variable: [i] ‖ K(i − 1) ‖ fixed input in feedback mode and
    /// [i] ‖ A(i) ‖ fixed input in double-pipeline mode (CAVP <c>BEFORE_ITER</c>). Counter mode has no iteration
    /// variable and refuses it.</summary>
    BeforeIterationVariable = 2,
}
