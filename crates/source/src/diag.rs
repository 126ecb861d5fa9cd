//! Diagnostics of the input stages (C front end, SLIC rules): one type for both, so that the
//! caller decides exit codes and UNKNOWN reasons by a [`DiagKind`], never by a message's text.

/// What kind of problem a diagnostic reports: this, not the message, decides how `slam`
/// answers (input error, exit 2; or UNKNOWN, exit 5, for C that slam cannot model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DiagKind {
    /// The text is not valid C (or SLIC): a parse or preprocessor error.
    Syntax,
    /// Valid C that slam does not model (floating point, VLAs, concurrency, …).
    Unsupported,
    /// Valid syntax with a semantic error (undeclared names, bad types, …).
    #[default]
    Semantic,
    /// The entry function is not defined in the program.
    NoEntry,
}

/// A problem in the input, at a position in the user's source.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{col}: {message}")]
pub struct Diagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub kind: DiagKind,
}

impl Diagnostic {
    /// A semantic error (the common case; see [`Diagnostic::with_kind`]).
    pub fn new(file: impl Into<String>, line: u32, col: u32, message: impl Into<String>) -> Self {
        Diagnostic { file: file.into(), line, col, message: message.into(), kind: DiagKind::Semantic }
    }

    pub fn with_kind(self, kind: DiagKind) -> Self {
        Diagnostic { kind, ..self }
    }
}

/// True when every diagnostic is of kind `kind` (and there is at least one).
pub fn all_of_kind(diags: &[Diagnostic], kind: DiagKind) -> bool {
    !diags.is_empty() && diags.iter().all(|d| d.kind == kind)
}
