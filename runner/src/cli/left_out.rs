//! Stand-ins for the subcommands of a Cargo feature this build left out (`buku`,
//! `layani`): they take any arguments the real one would and name the missing feature,
//! so `--help` lists the same subcommands whatever the build.

use super::exit::Status;
use super::CliError;
use std::path::Path;

/// Whatever the real subcommand would be given; none of it is read.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    pub rest: Vec<String>,
}

fn refuse(feature: &'static str) -> CliError {
    CliError::FeatureLeftOut { feature }
}

/// `kursus buku` without mdBook.
pub mod buku {
    pub use super::Args;

    pub fn run(_: Args) -> anyhow::Result<super::Status> {
        Err(super::refuse("buku").into())
    }
}

/// `kursus layani` and `kursus buku --sajikan` without the network stack.
pub mod layani {
    pub use super::Args;

    pub fn run(_: Args) -> anyhow::Result<super::Status> {
        Err(super::refuse("layani").into())
    }

    pub fn serve_book(_: &super::Path, _: u16) -> anyhow::Result<()> {
        Err(super::refuse("layani").into())
    }
}

#[cfg(test)]
mod tests {
    use super::super::exit::{status_of, Status};
    use super::*;

    #[test]
    fn each_stand_in_names_its_feature_as_a_usage_error() {
        let refusals = [
            ("buku", buku::run(Args::default()).map(drop)),
            ("layani", layani::run(Args::default()).map(drop)),
            ("layani", layani::serve_book(Path::new("."), 0)),
        ];
        for (feature, refusal) in refusals {
            let Err(error) = refusal else {
                panic!("{feature} ran without its feature");
            };
            assert_eq!(status_of(&error), Status::Usage, "{error}");
            assert!(
                error.to_string().contains(&format!("`{feature}`")),
                "{error}"
            );
        }
    }

    #[test]
    fn any_arguments_are_taken() {
        use clap::Parser;
        #[derive(clap::Parser)]
        struct Line {
            #[command(flatten)]
            args: Args,
        }
        let line = Line::try_parse_from(["buku", "--sajikan", "--port", "0"]).unwrap();
        assert_eq!(line.args.rest, ["--sajikan", "--port", "0"]);
    }
}
