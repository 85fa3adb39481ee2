//! Which LLVM this build of whittle links: chosen at build time by the
//! `llvm<major>` feature (see `crates/build-support`), so that whittle
//! reads and prints the IR of the LLVM whose bug it reduces. Everything
//! that differs between versions outside the shim asks here.

use std::path::PathBuf;

/// The full version of the LLVM whittle was built against, as its
/// `llvm-config --version` said (`22.1.8`).
pub const LLVM_VERSION: &str = env!("WHITTLE_LLVM_VERSION");

/// That LLVM's installation prefix (`/usr/lib/llvm-22`).
pub const LLVM_PREFIX: &str = env!("WHITTLE_LLVM_PREFIX");

/// That LLVM's major version (`22`).
pub fn llvm_major() -> u32 {
    major_of(LLVM_VERSION).expect("the build script gives a numeric version")
}

/// The LLVM version whose API this build is compiled at: its feature's
/// (`llvm23`): the major version itself, but for an LLVM newer than any
/// whittle knows, built with the newest feature.
pub fn api_level() -> u32 {
    env!("WHITTLE_LLVM_API_LEVEL")
        .parse()
        .expect("the build script gives a numeric API level")
}

/// The version of the LLVM library this process runs with, as it says
/// (`22.1.8`).
pub fn linked_version() -> String {
    let (mut major, mut minor, mut patch) = (0, 0, 0);
    // SAFETY: LLVMGetVersion only writes the three integers it is given.
    unsafe { inkwell::llvm_sys::core::LLVMGetVersion(&mut major, &mut minor, &mut patch) };
    format!("{major}.{minor}.{patch}")
}

/// An error, in one line, when the LLVM library this process loaded is not
/// the one this whittle was built for (another libLLVM first on
/// `LD_LIBRARY_PATH`, a prefix replaced since the build): its C++ API is
/// another, and the shim would misbehave.
pub fn check_linked() -> Result<(), String> {
    let linked = linked_version();
    // The build's version may carry a suffix (`24.0.0git`).
    if LLVM_VERSION.starts_with(&linked)
        && LLVM_VERSION[linked.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_ascii_digit())
    {
        return Ok(());
    }
    Err(format!(
        "this whittle was built for LLVM {LLVM_VERSION} ({LLVM_PREFIX}) but runs with LLVM {linked}'s library \
         (is another libLLVM first on LD_LIBRARY_PATH?): run it with the LLVM it was built for, or build it again"
    ))
}

/// The major version in a version string (`19` of `19.1.7`, of `LLVM
/// version 19.1.7` or of `19.1.7-rc1`).
pub fn major_of(version: &str) -> Option<u32> {
    let start = version.find(|c: char| c.is_ascii_digit())?;
    let digits: String = version[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The bin directory of the LLVM whittle was built against: where its
/// `opt`, `llc`, `FileCheck` are looked for first.
pub fn default_bin_dir() -> PathBuf {
    PathBuf::from(LLVM_PREFIX).join("bin")
}

/// What a pass (or the front end) cannot do with an older LLVM, by the
/// version that brought it (`shim/compat.h` has the code): (before this
/// major, pass, what it does instead).
const LIMITS: &[(u32, &str, &str)] = &[
    (20, "instruction-flags", "icmp has no samesign flag before LLVM 20"),
    (
        21,
        "(bitcode output)",
        "a ThinLTO split unit is written without its use-list order",
    ),
    (
        22,
        "global-values",
        "a global variable's code_model stays (LLVM cannot clear it before 22)",
    ),
    (
        22,
        "inline-call-sites",
        "every call of a definition is a candidate; one LLVM cannot inline leaves the module as it was (no CanInlineCallSite before 22)",
    ),
];

/// What this build cannot do that a build for the newest LLVM can: (pass,
/// what). For an LLVM newer than whittle knows, also that it runs at an
/// older API level.
pub fn limits() -> Vec<(&'static str, String)> {
    let level = api_level();
    let mut limits: Vec<(&'static str, String)> = LIMITS
        .iter()
        .filter(|(since, _, _)| level < *since)
        .map(|&(_, pass, what)| (pass, what.to_string()))
        .collect();
    if llvm_major() > level {
        limits.push((
            "(every pass)",
            format!(
                "LLVM {LLVM_VERSION} is newer than any whittle knows: built at LLVM {level}'s API level, so what LLVM {} changed is untested",
                level + 1
            ),
        ));
    }
    limits
}

/// How to build whittle for LLVM `major` (a command, for error messages;
/// 22 is the default feature).
pub fn build_hint(major: u32) -> String {
    if major == 22 {
        "cargo build --release".to_string()
    } else {
        format!("cargo build --release --no-default-features --features llvm{major}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majors_read_from_version_strings() {
        assert_eq!(major_of("22.1.8"), Some(22));
        assert_eq!(major_of("LLVM version 19.1.7"), Some(19));
        assert_eq!(
            major_of("Debian clang version 19.1.7 (3~deb12u1)"),
            Some(19)
        );
        assert_eq!(major_of("no digits"), None);
    }

    #[test]
    fn the_build_names_its_own_llvm() {
        // The runtime library is the one the build script described.
        assert_eq!(check_linked(), Ok(()));
        let linked = linked_version();
        // `24.0.0git` for a trunk build.
        assert!(LLVM_VERSION.starts_with(&linked));
        let major = major_of(&linked).unwrap();
        assert_eq!(llvm_major(), major);
        assert!(api_level() <= major);
        assert!(default_bin_dir().join("llvm-config").is_file());
    }

    #[test]
    fn limits_are_those_of_older_llvms_only() {
        let passes: Vec<&str> = limits().iter().map(|(pass, _)| *pass).collect();
        assert_eq!(passes.contains(&"global-values"), llvm_major() < 22);
        assert_eq!(passes.contains(&"instruction-flags"), llvm_major() < 20);
        assert_eq!(passes.contains(&"(every pass)"), llvm_major() > api_level());
    }

    #[test]
    fn build_hints_name_the_feature() {
        assert!(build_hint(19).contains("--features llvm19"));
        assert!(!build_hint(22).contains("--features"));
    }
}
