//! Raw TCP services next to HTTP: an accept loop that hands each socket to the service and
//! stops with the server, waiting for the open connections to finish.

use std::future::Future;
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;

use super::{Endpoint, Server, StopHandle};

/// How long to wait before accepting again when the system refuses (out of descriptors).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

impl Server {
    /// Runs `connection` for every socket accepted on `endpoint` until the server stops.
    /// A connection is handed the stop handle and should end soon after the stop.
    pub fn serve_tcp<S, F>(&mut self, endpoint: Endpoint, connection: S)
    where
        S: Fn(TcpStream, StopHandle) -> F + Send + 'static,
        F: Future<Output = ()> + Send + 'static,
    {
        let stop = self.stop.clone();
        let accept = accept_loop(endpoint.listener, stop, connection);
        self.endpoints.spawn_on(accept, self.runtime.handle());
    }

    /// Runs a task beside the endpoints (a timer, a sweeper) that ends with the server.
    pub fn spawn_task<F>(&mut self, task: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let stopped = self.stop.stopped();
        let task = async move {
            tokio::select! {
                () = task => {}
                () = stopped => {}
            }
            Ok(())
        };
        self.endpoints.spawn_on(task, self.runtime.handle());
    }
}

async fn accept_loop<S, F>(
    listener: TcpListener,
    stop: StopHandle,
    connection: S,
) -> std::io::Result<()>
where
    S: Fn(TcpStream, StopHandle) -> F,
    F: Future<Output = ()> + Send + 'static,
{
    let mut open = JoinSet::new();
    let stopped = stop.stopped();
    tokio::pin!(stopped);
    loop {
        tokio::select! {
            () = &mut stopped => break,
            accepted = listener.accept() => match accepted {
                Ok((socket, _)) => {
                    open.spawn(connection(socket, stop.clone()));
                }
                // One refused accept (no descriptors left, a reset) is no reason to stop.
                Err(_) => tokio::time::sleep(ACCEPT_BACKOFF).await,
            },
            Some(_) = open.join_next(), if !open.is_empty() => {}
        }
    }
    drop(listener);
    while open.join_next().await.is_some() {}
    Ok(())
}
