// A reduced divisor class of the Jacobian of the genus-3 curve C_t: y^2 = f(x) over F_{p^2}, p = 2^31 − 1
// (Kozaki–Matsuo 2010; docs/genus3.md G3), in Mumford form (u, v): u monic, deg v < deg u ≤ 3, u | f − v^2.
// Text form (the vector files'): {"u":[u_0,...,u_{d-1},[1,0]],"v":[v_0,...,v_{d-1}]}, each coefficient a pair
// [re,im] of canonical residues, lowest degree first, v zero-padded to d entries.
using System;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace CryptoCli;

/// <summary>
/// An element of the Jacobian of the genus-3 hyperelliptic curve of <see cref="Genus3Curve"/>, in Mumford form
/// (u, v): u monic of degree 0 to 3, deg v &lt; deg u, u divides f − v². The default value is the neutral element.
/// </summary>
/// <remarks>
/// <para>Research primitive: it reproduces Kozaki and Matsuo's skew-Frobenius scalar multiplication (2010). Genus-3
/// curves are weakened by index-calculus attacks, and the group order is 186 bits; do not use it to
/// protect data.</para>
/// <para>Size: u and v have at most 3 coefficients each in F_{p²}, p = 2³¹ − 1 (six 31-bit pairs, about
/// 372 bits).</para>
/// <para>Not constant-time: the group law (<c>+</c>, <see cref="Genus3Curve.Add"/>) branches on the
/// degrees of u and v and falls back to Cantor's algorithm on special inputs, and equality compares coefficients
/// with early exit; use it with public data only.</para>
/// <para>The text form is the JSON object of the CryptoCli vector files,
/// <c>{"u":[[u0re,u0im],…,[1,0]],"v":[[v0re,v0im],…]}</c>, lowest degree first, where each coefficient
/// c0 + c1·a of F_{p²} = F_p[a]/(a² + 1), p = 2³¹ − 1, is the pair [c0,c1] with 0 ≤ c0, c1 &lt; p.</para>
/// </remarks>
public readonly struct Genus3Divisor : IEquatable<Genus3Divisor>
{
    internal readonly Fp2 U0, U1, U2, V0, V1, V2;
    private readonly int _degree;

    /// <summary>
    /// Stores the coordinates as given: callers guarantee the Mumford conditions (coefficients above the degree
    /// are zero).
    /// </summary>
    internal Genus3Divisor(int degree, Fp2 u0, Fp2 u1, Fp2 u2, Fp2 v0, Fp2 v1, Fp2 v2)
    {
        _degree = degree;
        U0 = u0;
        U1 = u1;
        U2 = u2;
        V0 = v0;
        V1 = v1;
        V2 = v2;
    }

    /// <summary>The neutral element O, (u, v) = (1, 0).</summary>
    public static Genus3Divisor Identity => default;

    /// <summary>The degree of u: 0 for the neutral element, 3 for a generic element.</summary>
    public int Degree => _degree;

    /// <summary>Whether this is the neutral element.</summary>
    public bool IsIdentity => _degree == 0;

    /// <summary>The inverse −D = (u, −v).</summary>
    public static Genus3Divisor operator -(Genus3Divisor value) => value.Negate();

    /// <summary>The group law: <see cref="Genus3Curve.Add(Genus3Divisor, Genus3Divisor)"/>.</summary>
    public static Genus3Divisor operator +(Genus3Divisor left, Genus3Divisor right) => Genus3Curve.Add(left, right);

    /// <summary>D − E = D + (−E).</summary>
    public static Genus3Divisor operator -(Genus3Divisor left, Genus3Divisor right) =>
        Genus3Curve.Add(left, right.Negate());

    /// <summary>Compares two divisors (Mumford representations are unique).</summary>
    public static bool operator ==(Genus3Divisor left, Genus3Divisor right) => left.Equals(right);

    /// <summary>Compares two divisors (Mumford representations are unique).</summary>
    public static bool operator !=(Genus3Divisor left, Genus3Divisor right) => !left.Equals(right);

    internal Genus3Divisor Negate() => new(_degree, U0, U1, U2, -V0, -V1, -V2);

    /// <summary>u_i for i &lt; degree, 1 at the degree, 0 above.</summary>
    internal Fp2 U(int index) => index switch
    {
        0 => _degree == 0 ? Fp2.One : U0,
        1 => _degree == 1 ? Fp2.One : U1,
        2 => _degree == 2 ? Fp2.One : U2,
        3 => _degree == 3 ? Fp2.One : Fp2.Zero,
        _ => Fp2.Zero,
    };

    internal Fp2 V(int index) => index switch { 0 => V0, 1 => V1, 2 => V2, _ => Fp2.Zero };

    internal Fp2Polynomial UPolynomial() => Fp2Polynomial.FromCoefficients(new[] { U(0), U(1), U(2), U(3) });

    internal Fp2Polynomial VPolynomial() => Fp2Polynomial.FromCoefficients(new[] { V0, V1, V2 });

    /// <summary>
    /// Builds a divisor from polynomials already in reduced Mumford form (u monic, deg v &lt; deg u ≤ 3).
    /// </summary>
    internal static Genus3Divisor FromPolynomials(Fp2Polynomial u, Fp2Polynomial v)
    {
        int d = u.Degree;
        return new Genus3Divisor(
            d,
            d > 0 ? u[0] : Fp2.Zero,
            d > 1 ? u[1] : Fp2.Zero,
            d > 2 ? u[2] : Fp2.Zero,
            v[0],
            v[1],
            v[2]);
    }

    /// <summary>
    /// Checks the Mumford conditions: deg v &lt; deg u ≤ 3 and u | f − v² (u is monic by construction).
    /// </summary>
    internal bool IsValid()
    {
        if ((uint)_degree > 3)
        {
            return false;
        }

        // Coefficients above the degree must be zero.
        if ((_degree <= 0 && !U0.IsZero) || (_degree <= 1 && !U1.IsZero) || (_degree <= 2 && !U2.IsZero)
            || (_degree <= 0 && !V0.IsZero) || (_degree <= 1 && !V1.IsZero) || (_degree <= 2 && !V2.IsZero))
        {
            return false;
        }

        Fp2Polynomial v = VPolynomial();
        return (Genus3Curve.FPolynomial - v * v) % UPolynomial() is { IsZero: true };
    }

    /// <summary>Parses the JSON text form and checks that it is a valid reduced divisor.</summary>
    /// <param name="text">For example <c>{"u":[[5,0],[1,0]],"v":[[7,3]]}</c>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> is null.</exception>
    /// <exception cref="FormatException">The text is not in the vector files' JSON form, or a coefficient is not
    /// below p.</exception>
    /// <exception cref="CryptographicException">The pair (u, v) is not a reduced divisor of the curve: u is not monic,
    /// deg u &gt; 3, v has not exactly deg u coefficients, or u does not divide f − v².</exception>
    public static Genus3Divisor Parse(string text)
    {
        if (text is null)
        {
            throw new ArgumentNullException(nameof(text));
        }

        var reader = new JsonReader(text);
        Fp2[]? u = null, v = null;
        reader.Expect('{');
        do
        {
            string key = reader.ReadKey();
            if (key == "u" && u is null)
            {
                u = reader.ReadCoefficients();
            }
            else if (key == "v" && v is null)
            {
                v = reader.ReadCoefficients();
            }
            else
            {
                throw new FormatException(
                    $"Unexpected or repeated key \"{key}\" in a divisor; expected \"u\" and \"v\".");
            }
        }
        while (reader.TryRead(','));
        reader.Expect('}');
        reader.ExpectEnd();
        if (u is null || v is null)
        {
            throw new FormatException("A divisor needs both \"u\" and \"v\".");
        }

        int degree = u.Length - 1;
        if (degree < 0 || degree > 3)
        {
            throw new CryptographicException($"Invalid genus-3 divisor: deg u must be 0 to 3, found {degree}.");
        }

        if (u[degree] != Fp2.One)
        {
            throw new CryptographicException("Invalid genus-3 divisor: u is not monic.");
        }

        if (v.Length != degree)
        {
            throw new CryptographicException(
                $"Invalid genus-3 divisor: v must have exactly deg u = {degree} coefficients, found {v.Length}.");
        }

        var divisor = new Genus3Divisor(
            degree,
            degree > 0 ? u[0] : Fp2.Zero,
            degree > 1 ? u[1] : Fp2.Zero,
            degree > 2 ? u[2] : Fp2.Zero,
            degree > 0 ? v[0] : Fp2.Zero,
            degree > 1 ? v[1] : Fp2.Zero,
            degree > 2 ? v[2] : Fp2.Zero);
        if (!divisor.IsValid())
        {
            throw new CryptographicException(
                "Invalid genus-3 divisor: u does not divide f − v², so (u, v) is not on the curve's Jacobian.");
        }

        return divisor;
    }

    /// <summary>The JSON text form, as in the vector files (no spaces).</summary>
    public override string ToString()
    {
        var sb = new StringBuilder(200);
        sb.Append("{\"u\":[");
        for (int i = 0; i <= _degree; i++)
        {
            Append(sb, U(i), i > 0);
        }

        sb.Append("],\"v\":[");
        for (int i = 0; i < _degree; i++)
        {
            Append(sb, V(i), i > 0);
        }

        return sb.Append("]}").ToString();

        static void Append(StringBuilder sb, Fp2 c, bool comma)
        {
            if (comma)
            {
                sb.Append(',');
            }

            sb.Append('[').Append(c.Re.ToString(CultureInfo.InvariantCulture)).Append(',')
              .Append(c.Im.ToString(CultureInfo.InvariantCulture)).Append(']');
        }
    }

    /// <summary>Compares degree and coordinates (Mumford representations are unique).</summary>
    public bool Equals(Genus3Divisor other) =>
        _degree == other._degree && U0 == other.U0 && U1 == other.U1 && U2 == other.U2
        && V0 == other.V0 && V1 == other.V1 && V2 == other.V2;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is Genus3Divisor other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        int hash = _degree;
        hash = unchecked((hash * 31) + U0.GetHashCode());
        hash = unchecked((hash * 31) + U1.GetHashCode());
        hash = unchecked((hash * 31) + U2.GetHashCode());
        hash = unchecked((hash * 31) + V0.GetHashCode());
        hash = unchecked((hash * 31) + V1.GetHashCode());
        return unchecked((hash * 31) + V2.GetHashCode());
    }

    /// <summary>A minimal reader for the one JSON shape a divisor has.</summary>
    private ref struct JsonReader
    {
        private readonly string _text;
        private int _position;

        public JsonReader(string text)
        {
            _text = text;
            _position = 0;
        }

        public void Expect(char c)
        {
            if (!TryRead(c))
            {
                throw new FormatException($"Expected '{c}' at position {_position} of a divisor.");
            }
        }

        public bool TryRead(char c)
        {
            SkipSpaces();
            if (_position < _text.Length && _text[_position] == c)
            {
                _position++;
                return true;
            }

            return false;
        }

        public void ExpectEnd()
        {
            SkipSpaces();
            if (_position != _text.Length)
            {
                throw new FormatException($"Unexpected text after the divisor at position {_position}.");
            }
        }

        public string ReadKey()
        {
            Expect('"');
            int start = _position;
            while (_position < _text.Length && _text[_position] != '"')
            {
                _position++;
            }

            string key = _text.Substring(start, _position - start);
            Expect('"');
            Expect(':');
            return key;
        }

        public Fp2[] ReadCoefficients()
        {
            var list = new System.Collections.Generic.List<Fp2>(4);
            Expect('[');
            if (!TryRead(']'))
            {
                do
                {
                    Expect('[');
                    uint re = ReadResidue();
                    Expect(',');
                    uint im = ReadResidue();
                    Expect(']');
                    list.Add(new Fp2(re, im));
                    if (list.Count > 4)
                    {
                        throw new CryptographicException(
                            "Invalid genus-3 divisor: more than 4 coefficients in u or v.");
                    }
                }
                while (TryRead(','));
                Expect(']');
            }

            return list.ToArray();
        }

        private uint ReadResidue()
        {
            SkipSpaces();
            int start = _position;
            ulong value = 0;
            while (_position < _text.Length && _text[_position] >= '0' && _text[_position] <= '9')
            {
                value = (value * 10) + (uint)(_text[_position] - '0');
                _position++;
                if (value >= MersenneField.P)
                {
                    throw new FormatException(
                        $"A coefficient at position {start} is not a residue below p = 2^31 - 1.");
                }
            }

            if (_position == start)
            {
                throw new FormatException($"Expected a non-negative integer at position {start} of a divisor.");
            }

            return (uint)value;
        }

        private void SkipSpaces()
        {
            while (_position < _text.Length && char.IsWhiteSpace(_text[_position]))
            {
                _position++;
            }
        }
    }
}
