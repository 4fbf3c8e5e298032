use clap::Parser;

fn main() -> std::process::ExitCode {
    let args = kursus::cli::Args::parse();
    kursus::cli::dispatch(args)
}
