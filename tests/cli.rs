//! The command line, the access log, errors at start-up and shutdown.

mod common;

use std::net::TcpListener;
use std::time::Duration;

use common::{command, wait_with_timeout, Server};

#[test]
fn help_names_every_flag_and_its_environment_variable() {
    let output = command().arg("--help").output().unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for expected in [
        "--host",
        "PORTFOLIO_HOST",
        "--port",
        "PORTFOLIO_PORT",
        "--quiet",
        "PORTFOLIO_QUIET",
        "--hsts",
        "--shutdown-timeout",
        "--max-connections",
        "--header-timeout",
        "--send-timeout",
        "PORTFOLIO_SEND_TIMEOUT",
        "[default: 8080]",
        "export",
    ] {
        assert!(help.contains(expected), "help lacks {expected}:\n{help}");
    }
}

#[test]
fn a_port_in_use_is_one_line_naming_the_address() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let output = command().args(["--host", "127.0.0.1", "--port", &port.to_string()]).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(&format!("127.0.0.1:{port}")) && stderr.contains("in use"), "{stderr}");
}

#[test]
fn a_bad_address_is_refused() {
    let output = command().args(["--host", "not-an-address"]).output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8(output.stderr).unwrap().contains("not-an-address"));
    let output = command().args(["--port", "99999"]).output().unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8(output.stderr).unwrap().contains("99999"));
}

#[test]
fn environment_variables_set_the_flags() {
    let mut cmd = command();
    cmd.env("PORTFOLIO_HOST", "127.0.0.1").env("PORTFOLIO_PORT", "0").env("PORTFOLIO_QUIET", "true");
    let server = Server::spawn(cmd);
    assert_eq!(server.get("/about").status, 200);
    assert_eq!(server.next_log_line(), None, "PORTFOLIO_QUIET silences the access log");
}

#[test]
fn access_log_has_one_line_per_request() {
    let server = Server::start();
    server.get("/about");
    server.request("HEAD", "/missing", &[]);
    let line = server.next_log_line().expect("a log line");
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields[0], "127.0.0.1", "{line}");
    assert_eq!(&fields[1..4], ["\"GET", "/about\"", "200"], "{line}");
    assert_eq!(fields[4], server.get("/about").body.len().to_string(), "{line}");
    assert!(fields[5].ends_with("ms"), "{line}");
    let line = server.next_log_line().expect("a second log line");
    assert!(line.contains("\"HEAD /missing\" 404 0 "), "{line}");
    assert!(!line.contains('\x1b'), "no colours in the log");
}

#[test]
fn behind_a_trusted_proxy_the_log_names_the_client_it_forwards() {
    let forwarded = |server: &Server, header: &str, value: &str| {
        server.request("GET", "/", &[(header, value)]);
        server.next_log_line().expect("a log line").split(' ').next().unwrap().to_owned()
    };
    // Connections from 127.0.0.1 come from a trusted proxy: the right-most hop that is not one.
    let server = Server::start_with(&["--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "127.0.0.1"]);
    assert_eq!(forwarded(&server, "X-Forwarded-For", "6.6.6.6, 203.0.113.7, 10.1.2.3"), "203.0.113.7");
    assert_eq!(forwarded(&server, "Forwarded", "for=\"[2001:db8::7]:4711\";proto=https"), "2001:db8::7");
    assert_eq!(forwarded(&server, "X-Forwarded-For", "not an address"), "127.0.0.1");
    // From an address that is not trusted, the same header is a spoof and is ignored.
    let mut untrusted = common::command();
    untrusted.args(["--host", "127.0.0.1", "--port", "0"]).env("PORTFOLIO_TRUSTED_PROXY", "10.0.0.0/8,192.168.0.0/16");
    let server = Server::spawn(untrusted);
    assert_eq!(forwarded(&server, "X-Forwarded-For", "203.0.113.7"), "127.0.0.1");
    assert_eq!(forwarded(&server, "Forwarded", "for=203.0.113.7"), "127.0.0.1");
}

#[test]
fn a_trusted_proxy_that_is_not_a_network_is_one_line() {
    let output = common::command().args(["--trusted-proxy", "proxy.example"]).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("\"proxy.example\" is not an address or a network such as 10.0.0.0/8"), "{stderr}");
}

#[test]
fn quiet_turns_the_access_log_off() {
    let server = Server::start_with(&["--quiet"]);
    assert_eq!(server.get("/").status, 200);
    assert_eq!(server.next_log_line(), None);
}

#[test]
fn sigterm_exits_zero() {
    let mut server = Server::start();
    assert_eq!(server.get("/").status, 200);
    let status = server.terminate();
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[test]
fn sigint_exits_zero_and_stops_listening() {
    let mut server = Server::start();
    let port = server.port;
    let pid = server.child.id().to_string();
    std::process::Command::new("kill").args(["-INT", &pid]).status().unwrap();
    let status = wait_with_timeout(&mut server.child, Duration::from_secs(15)).expect("exits");
    assert_eq!(status.code(), Some(0));
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err(), "nothing listens any more");
}
