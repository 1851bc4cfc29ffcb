// net48 lacks SkipLocalsInitAttribute; the C# compiler recognises it by name, so this declaration is enough for it to
// drop the localsinit flag (which Mono's JIT honours for stackalloc).

namespace System.Runtime.CompilerServices;

[AttributeUsage(AttributeTargets.Module | AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface | AttributeTargets.Constructor | AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Event, Inherited = false)]
internal sealed class SkipLocalsInitAttribute : Attribute
{
}
