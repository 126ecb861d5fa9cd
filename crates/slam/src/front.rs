//! The C front-end options shared by `lower`, `abstract` and `check`, and loading a program
//! with diagnostics printed like a compiler's.

use std::path::PathBuf;

#[derive(clap::Args, Clone, Debug)]
pub struct FrontArgs {
    /// C files, lowered into one program.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Add a directory to the include path (C files and rules).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a preprocessor macro (NAME or NAME=VALUE).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// The entry function.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// Use the ILP32 data model (32-bit long and pointers) instead of LP64.
    #[arg(long)]
    pub ilp32: bool,
    /// Which calls are the error: unreach-call (only reach_error(); a failed assert ends the
    /// run like abort()) or assertions (reach_error() and failed asserts), or an SV-COMP
    /// property file (.prp: slam checks unreach-call and answers UNKNOWN for any other
    /// property). Default: unreach-call when the program mentions reach_error/
    /// __VERIFIER_error, else assertions.
    #[arg(long, value_name = "unreach-call|assertions|FILE.prp")]
    pub property: Option<String>,
}

impl FrontArgs {
    pub fn options(&self) -> cfront::Options {
        cfront::Options {
            includes: self.include.clone(),
            defines: self.define.clone(),
            data_model: if self.ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 },
            entry: self.entry.clone(),
            property: self.property.as_deref().and_then(cfront::Property::by_name),
            ..Default::default()
        }
    }

    /// Lower the files; on error print the diagnostics and return the exit code.
    pub fn load(&self) -> Result<cminus::Program, u8> {
        cfront::lower_files(&self.files, &self.options()).map_err(|diags| {
            for d in diags {
                let src = std::fs::read_to_string(&d.file).ok();
                crate::diag::report(&d.file, src.as_deref(), d.line as usize, d.col as usize, &d.message);
            }
            crate::exit::INPUT
        })
    }
}

/// The rule: the product construction of the program with the SLIC rule (when there is one),
/// and the rule itself for its initial predicates. Rule errors are reported; `Err` is the
/// exit code.
pub fn instrument(
    front: &FrontArgs,
    rule: Option<&std::path::Path>,
    prog: cminus::Program,
) -> Result<(cminus::Program, Option<slic::Rule>), u8> {
    let Some(path) = rule else {
        return Ok((prog, None));
    };
    let pp = slic::PpOptions { includes: front.include.clone(), defines: front.define.clone(), ..Default::default() };
    let result =
        slic::preprocess_and_parse(path, &pp).and_then(|rule| slic::instrument(&prog, &rule).map(|out| (out, rule)));
    match result {
        Ok((out, rule)) => {
            for w in &out.warnings {
                eprintln!("warning: {w}");
            }
            Ok((out.program, Some(rule)))
        }
        Err(diags) => {
            for d in diags {
                let src = std::fs::read_to_string(&d.file).ok();
                crate::diag::report(&d.file, src.as_deref(), d.line as usize, d.col as usize, &d.message);
            }
            Err(crate::exit::INPUT)
        }
    }
}
