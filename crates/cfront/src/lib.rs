//! C front end: preprocess C with the system preprocessor, parse it with `lang-c`, and lower
//! it to C-- ([`cminus::Program`]). See `docs/cminus.md` for the lowering rules.
//!
//! ```no_run
//! let opts = cfront::Options::default();
//! let prog = cfront::lower_files(&["driver.c".into()], &opts).unwrap();
//! println!("{prog}");
//! ```

pub mod gen;
mod lower;
mod preprocess;
mod typenames;

pub use cminus::DataModel;

pub use preprocess::LineMap;

use std::path::PathBuf;

/// A problem in the input, at a location in the user's C source.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{col}: {message}")]
pub struct Diagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// Errors of the front end, all carrying diagnostics.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("{}", .0.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))]
    Diagnostics(Vec<Diagnostic>),
}

/// Options of the front end.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-I` directories.
    pub includes: Vec<PathBuf>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`).
    pub defines: Vec<String>,
    pub data_model: DataModel,
    /// The entry procedure (default `main`).
    pub entry: String,
    /// The preprocessor command (default `gcc`, run as `gcc -E`).
    pub cpp: String,
    /// Which calls are the error; `None` chooses per program (see [`Property`]).
    pub property: Option<Property>,
}

/// The property checked: which calls are the error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// SV-COMP's unreach-call: only a call of `reach_error()` (or the legacy
    /// `__VERIFIER_error()`) is the error, whatever its body; a failed `assert` (glibc's
    /// `__assert_fail` & co.) ends the run like `abort()`.
    UnreachCall,
    /// `reach_error()`/`__VERIFIER_error()` and failed assertions are errors.
    Assertions,
}

impl Property {
    /// `unreach-call` or `assertions`.
    pub fn by_name(name: &str) -> Option<Property> {
        match name {
            "unreach-call" => Some(Property::UnreachCall),
            "assertions" => Some(Property::Assertions),
            _ => None,
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            includes: vec![],
            defines: vec![],
            data_model: DataModel::Lp64,
            entry: "main".into(),
            cpp: "gcc".into(),
            property: None,
        }
    }
}

/// Whether a file name in [`cminus::Program::files`] is one of slam's own models (the `atexit`
/// handler stack, `<slam: atexit>`), not a file of the user's: witnesses leave it out.
pub fn is_model_file(name: &str) -> bool {
    name.starts_with("<slam")
}

/// A parsed translation unit, ready for lowering.
pub(crate) struct Unit {
    pub map: LineMap,
    pub ast: lang_c::ast::TranslationUnit,
}

fn parse_unit(name: &str, text: Option<&str>, opts: &Options) -> Result<Unit, Vec<Diagnostic>> {
    let pre = typenames::wrap_type_arguments(preprocess::run(name, text, opts).map_err(|d| vec![d])?);
    let map = LineMap::new(&pre);
    let config = lang_c::driver::Config::with_gcc();
    match lang_c::driver::parse_preprocessed(&config, pre) {
        Ok(parse) => Ok(Unit { map, ast: parse.unit }),
        Err(e) => {
            let (file, line, col) = map.locate(e.offset);
            let tok: String = e.source[e.offset.min(e.source.len())..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let tok = if tok.is_empty() {
                e.source[e.offset.min(e.source.len())..].chars().next().map(|c| c.to_string()).unwrap_or_default()
            } else {
                tok
            };
            let mut exp: Vec<&str> = e.expected.iter().copied().collect();
            exp.sort();
            let hint = if exp.contains(&";") {
                "expected ';'".to_string()
            } else {
                let shown: Vec<String> = exp.iter().take(8).map(|s| format!("'{s}'")).collect();
                let more = if exp.len() > 8 { ", …" } else { "" };
                format!("expected {}{}", shown.join(", "), more)
            };
            let at = if tok.is_empty() { "end of input".to_string() } else { format!("'{tok}'") };
            Err(vec![Diagnostic { file, line, col, message: format!("syntax error at {at}: {hint}") }])
        }
    }
}

/// Lower C files (calls across files are resolved by name) into one C-- program.
pub fn lower_files(files: &[PathBuf], opts: &Options) -> Result<cminus::Program, Vec<Diagnostic>> {
    let mut units = vec![];
    let mut diags = vec![];
    for f in files {
        match parse_unit(&f.to_string_lossy(), None, opts) {
            Ok(u) => units.push(u),
            Err(mut d) => diags.append(&mut d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    lower::lower_units(units, opts)
}

/// Lower C source text (named `name` in locations) into a C-- program.
pub fn lower_str(name: &str, text: &str, opts: &Options) -> Result<cminus::Program, Vec<Diagnostic>> {
    lower_strs(&[(name, text)], opts)
}

/// Lower several named C sources into one C-- program.
pub fn lower_strs(sources: &[(&str, &str)], opts: &Options) -> Result<cminus::Program, Vec<Diagnostic>> {
    let mut units = vec![];
    let mut diags = vec![];
    for (name, text) in sources {
        match parse_unit(name, Some(text), opts) {
            Ok(u) => units.push(u),
            Err(mut d) => diags.append(&mut d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    lower::lower_units(units, opts)
}
