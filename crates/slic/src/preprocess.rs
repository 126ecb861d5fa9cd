//! Running rules through the C preprocessor (`gcc -E`, or `cpp`), keeping line markers so
//! that diagnostics point at the user's files.

use crate::{DiagKind, Diagnostic};
use std::path::{Path, PathBuf};

/// Preprocessor options: the `-I` directories and `-D` definitions given to C files apply
/// to rules too.
#[derive(Clone, Debug)]
pub struct PpOptions {
    pub includes: Vec<PathBuf>,
    /// `NAME` or `NAME=VALUE`.
    pub defines: Vec<String>,
    /// The preprocessor command, run as `<cpp> -E -x c` (default `gcc`).
    pub cpp: String,
}

impl Default for PpOptions {
    fn default() -> Self {
        PpOptions { includes: vec![], defines: vec![], cpp: "gcc".into() }
    }
}

/// Preprocess the rule at `path` (or `text`, named `path`, when given). The output keeps the
/// `# N "file"` line markers.
pub fn preprocess(path: &Path, text: Option<&str>, opts: &PpOptions) -> Result<String, Diagnostic> {
    let name = path.to_string_lossy().into_owned();
    let mut cpp = source::Cpp::new(&opts.cpp);
    cpp.args = ["-x", "c", "-undef", "-D__SLIC__=1"].map(String::from).to_vec();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // quoted includes of text given directly are searched next to its (nominal) path
        if text.is_some() {
            cpp.args.push(format!("-iquote{}", dir.display()));
        }
    }
    cpp.includes = opts.includes.clone();
    cpp.defines = opts.defines.clone();
    match text {
        Some(text) => cpp.run(source::Input::Text { name: &name, text }),
        None if !path.exists() => {
            Err(Diagnostic::new(name.clone(), 1, 1, format!("cannot read rule file {name}"))
                .with_kind(DiagKind::Syntax))
        }
        None => cpp.run(source::Input::File(path)),
    }
}
