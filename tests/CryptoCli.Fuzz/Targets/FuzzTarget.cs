using System;

namespace CryptoCli.Fuzz;

/// <summary>Runs one fuzz input through a target.</summary>
internal delegate void FuzzTarget(ReadOnlySpan<byte> input);
