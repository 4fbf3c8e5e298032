//! Static files under one folder, as the book is served. tower-http's `ServeDir` picks
//! the content type, answers `index.html` for folders and refuses any path that leaves
//! the folder (`..`, also percent-encoded); whatever it cannot find gets `not_found`.

use std::path::Path;

use axum::handler::HandlerWithoutStateExt;
use axum::http::{header, StatusCode};
use axum::Router;
use tower_http::services::ServeDir;

/// A router answering GET and HEAD from the files under `root`.
pub fn files(root: &Path, not_found: &'static str) -> Router {
    let missing = move || async move {
        let plain = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
        (StatusCode::NOT_FOUND, plain, not_found)
    };
    let service = ServeDir::new(root).not_found_service(missing.into_service());
    Router::new().fallback_service(service)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::{to_bytes, Body};
    use axum::http::Request;
    use tower::ServiceExt;

    struct Answer {
        status: StatusCode,
        kind: String,
        body: String,
    }

    fn get(root: &Path, target: &str) -> Answer {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let request = Request::get(target).body(Body::empty()).unwrap();
            let response = files(root, "hilang").oneshot(request).await.unwrap();
            let kind = response.headers().get(header::CONTENT_TYPE).cloned();
            let status = response.status();
            let body = to_bytes(response.into_body(), 1 << 20).await.unwrap();
            Answer {
                status,
                kind: kind
                    .map(|k| k.to_str().unwrap().to_string())
                    .unwrap_or_default(),
                body: String::from_utf8_lossy(&body).into_owned(),
            }
        })
    }

    /// `outside/rahasia.txt` next to the served folder `outside/site`.
    fn site() -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        std::fs::create_dir_all(root.join("bab")).unwrap();
        std::fs::write(dir.path().join("rahasia.txt"), "RAHASIA").unwrap();
        std::fs::write(root.join("index.html"), "<p>depan</p>").unwrap();
        std::fs::write(root.join("bab/index.html"), "<p>bab satu</p>").unwrap();
        std::fs::write(root.join("gaya.css"), "p { color: red }").unwrap();
        (dir, root)
    }

    #[test]
    fn pages_and_folders_get_their_files_and_types() {
        let (_dir, root) = site();
        let front = get(&root, "/");
        assert_eq!(
            (front.status, front.body.as_str()),
            (StatusCode::OK, "<p>depan</p>")
        );
        assert!(front.kind.starts_with("text/html"), "{}", front.kind);
        let chapter = get(&root, "/bab/");
        assert_eq!(chapter.body, "<p>bab satu</p>");
        assert!(get(&root, "/gaya.css").kind.starts_with("text/css"));
    }

    #[test]
    fn a_missing_file_gets_the_given_text() {
        let (_dir, root) = site();
        let missing = get(&root, "/nihil.html");
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert_eq!(missing.body, "hilang");
        assert_eq!(missing.kind, "text/plain; charset=utf-8");
    }

    #[test]
    fn paths_leaving_the_folder_are_refused() {
        let (_dir, root) = site();
        for target in [
            "/../rahasia.txt",
            "/%2e%2e/rahasia.txt",
            "/bab/..%2f..%2frahasia.txt",
        ] {
            let answer = get(&root, target);
            assert_eq!(answer.status, StatusCode::NOT_FOUND, "{target}");
            assert!(!answer.body.contains("RAHASIA"), "{target}");
        }
    }
}
