# Shared by the foreign-architecture CI steps (sourced): a private apt configuration per package source, sysroots
# unpacked from Debian packages, and qemu-user. Nothing is installed and the machine's own apt state (its sources,
# lists, cache, dpkg architectures) is not touched: each source has its own sources.list, lists and cache under
# $ci_cache/apt/<name>, and packages are unpacked with dpkg -x. Downloads stay in $ci_cache between runs (default
# /var/cache/cryptocli-ci, or $CRYPTOCLI_CI_CACHE), so a repeated run fetches nothing; a new machine fills it.

ci_cache="${CRYPTOCLI_CI_CACHE:-/var/cache/cryptocli-ci}"
debian_mirror="${CRYPTOCLI_DEBIAN_MIRROR:-http://deb.debian.org/debian}"

# Prints an error and exits: a toolchain that cannot be fetched fails the step, it is never skipped silently.
fetch_failed() {
    echo "FAIL cannot fetch $1: this step needs Debian's package archive ($debian_mirror)." >&2
    echo "0 passed, 1 failed"
    exit 1
}

# private_apt NAME SUITE ARCH [apt-get arguments...]: apt-get against one suite of one architecture only.
private_apt() {
    local name="$1" suite="$2" arch="$3"
    shift 3
    local root="$ci_cache/apt/$name"
    mkdir -p "$root/lists/partial" "$root/cache/archives/partial" "$root/parts" "$root/preferences"
    echo "deb [arch=$arch] $debian_mirror $suite main" > "$root/sources.list"
    touch "$root/status"
    apt-get -q \
        -o Dir::Etc::SourceList="$root/sources.list" -o Dir::Etc::SourceParts="$root/parts" \
        -o Dir::Etc::PreferencesParts="$root/preferences" -o Dir::Etc::Preferences="$root/preferences/none" \
        -o Dir::State="$root" -o Dir::State::Lists="$root/lists" -o Dir::State::status="$root/status" \
        -o Dir::Cache="$root/cache" -o Dir::Cache::pkgcache="" -o Dir::Cache::srcpkgcache="" \
        -o APT::Architecture="$arch" -o APT::Architectures::="$arch" -o Debug::NoLocking=true \
        -o Acquire::Languages=none -o APT::Sandbox::User=root "$@"
}

# unpack_debs NAME SUITE ARCH DEST PACKAGE...: downloads the packages (exact names, no dependencies) of one suite
# and architecture and unpacks them into DEST. Done once: DEST/.complete marks a finished unpack.
unpack_debs() {
    local name="$1" suite="$2" arch="$3" dest="$4"
    shift 4
    if [ -f "$dest/.complete" ]; then
        return 0
    fi

    local debs="$ci_cache/debs/$name"
    mkdir -p "$debs"
    private_apt "$name" "$suite" "$arch" update >/dev/null || fetch_failed "the $suite package lists for $arch"
    (cd "$debs" && private_apt "$name" "$suite" "$arch" download "$@" >/dev/null) || fetch_failed "$* ($suite, $arch)"
    rm -rf "$dest"
    mkdir -p "$dest"
    local package deb
    for package in "$@"; do
        deb=$(ls -t "$debs/${package}_"*"_$arch.deb" "$debs/${package}_"*"_all.deb" 2>/dev/null | head -n 1)
        [ -n "$deb" ] || fetch_failed "$package ($suite, $arch): not downloaded"
        dpkg -x "$deb" "$dest"
    done

    relative_symlinks "$dest"
    # A merged-/usr suite (sid) ships the loader under usr/lib only; /lib is base-files' symlink, not unpacked here.
    local top
    for top in lib lib64; do
        if [ ! -e "$dest/$top" ] && [ -d "$dest/usr/$top" ]; then ln -s "usr/$top" "$dest/$top"; fi
    done
    touch "$dest/.complete"
}

# Absolute symlinks inside a sysroot point into the host (ppc64el's dynamic loader link, for one): make them relative.
relative_symlinks() {
    local root="$1" link target
    find "$root" -type l | while read -r link; do
        target=$(readlink "$link")
        case "$target" in
            /*) ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$root$target")" "$link" ;;
        esac
    done
}

# qemu_user ARCH: prints the path of the static qemu-ARCH of bookworm-backports (qemu 10; Debian 12's qemu 7.2
# crashes s390x Mono at JIT start and needs CoreCLR's W^X mode off). binfmt_misc is not mounted on these machines,
# so foreign binaries are always run through it explicitly.
qemu_user() {
    local arch="$1" root="$ci_cache/qemu"
    unpack_debs qemu bookworm-backports amd64 "$root" qemu-user qemu-user-static >&2
    local binary="$root/usr/bin/qemu-$arch-static"
    [ -x "$binary" ] || binary="$root/usr/bin/qemu-$arch"
    [ -x "$binary" ] || fetch_failed "qemu-$arch from qemu-user-static (bookworm-backports)"
    echo "$binary"
}
