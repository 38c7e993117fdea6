//! Test fixture: nginx and Caddy in front of the binary or of an export,
//! configured with the snippets docs/deploy.md gives (read from the document,
//! so the tests and the advice cannot drift apart).

#![allow(dead_code)] // each test binary uses a different part of this module

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::common::{wait_for_port, wait_with_timeout};

pub mod hosts;

/// The first ```` ```LANGUAGE ```` block of docs/deploy.md that contains `marker`.
pub fn documented_snippet(language: &str, marker: &str) -> String {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deploy.md")).unwrap();
    let fence = format!("```{language}\n");
    doc.split(&fence)
        .skip(1)
        .map(|rest| &rest[..rest.find("```").expect("a closed code block")])
        .find(|block| block.contains(marker))
        .unwrap_or_else(|| panic!("docs/deploy.md has a {language} snippet with {marker}"))
        .to_owned()
}

/// A front server in its own temporary directory; stopped and removed when dropped.
pub struct Front {
    child: Child,
    dir: PathBuf,
}

/// A new directory for each front server, also for two in the same test binary.
fn private_dir(name: &str) -> PathBuf {
    static STARTED: AtomicUsize = AtomicUsize::new(0);
    let number = STARTED.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("portfolio-{name}-{}-{number}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // nginx's workers run as nobody and may spill a body to a temporary file.
    std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o777)).unwrap();
    dir
}

impl Front {
    /// nginx listening on `port`, with `server` as the body of its `server` block.
    pub fn nginx(port: u16, server: &str) -> Front {
        let dir = private_dir("nginx");
        let d = dir.display();
        // Debian's nginx.conf loads the brotli module from modules-enabled; this one is standalone.
        let brotli =
            ["/usr/lib/nginx/modules/ngx_http_brotli_static_module.so", "/usr/share/nginx/modules/ngx_http_brotli_static_module.so"]
                .into_iter()
                .find(|module| Path::new(module).exists())
                .map_or(String::new(), |module| format!("load_module {module};\n"));
        let config = format!(
            "{brotli}daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log error;\nevents {{}}\n\
             http {{\n include /etc/nginx/mime.types;\n access_log off;\n client_body_temp_path {d}/body;\n\
             proxy_temp_path {d}/proxy;\n fastcgi_temp_path {d}/fastcgi;\n uwsgi_temp_path {d}/uwsgi;\n scgi_temp_path {d}/scgi;\n\
             server {{\n listen 127.0.0.1:{port};\n{server}}}\n}}\n"
        );
        std::fs::write(dir.join("nginx.conf"), config).unwrap();
        let child = Command::new("nginx")
            .args(["-e", &format!("{d}/error.log"), "-c"])
            .arg(dir.join("nginx.conf"))
            .stdout(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("nginx (Debian package nginx) runs");
        wait_for_port(port, Duration::from_secs(10));
        Front { child, dir }
    }

    /// Caddy with `caddyfile`, its site listening on `port`; its state kept in its own directory.
    pub fn caddy(port: u16, caddyfile: &str) -> Front {
        let dir = private_dir("caddy");
        std::fs::write(dir.join("Caddyfile"), format!("{{\n admin off\n auto_https off\n}}\n{caddyfile}")).unwrap();
        let child = Command::new("caddy")
            .args(["run", "--adapter", "caddyfile", "--config"])
            .arg(dir.join("Caddyfile"))
            .env("HOME", &dir)
            .env("XDG_DATA_HOME", &dir)
            .env("XDG_CONFIG_HOME", &dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("caddy (Debian package caddy) runs");
        wait_for_port(port, Duration::from_secs(10));
        Front { child, dir }
    }
}

impl Front {
    /// Cloudflare Pages' own local runtime (`wrangler pages dev`, from npm,
    /// which runs workerd) serving `site`, a `portfolio export`, on `port`.
    pub fn cloudflare_pages(port: u16, site: &Path) -> Front {
        let dir = private_dir("wrangler");
        let wrangler = Path::new(env!("CARGO_MANIFEST_DIR")).join("node_modules/.bin/wrangler");
        let child = Command::new(wrangler)
            .args(["pages", "dev"])
            .arg(site)
            .args(["--ip", "127.0.0.1", "--port", &port.to_string()])
            // The newest date this pinned workerd knows; wrangler's default is today.
            .args(["--compatibility-date", "2026-05-01"])
            .env("HOME", &dir)
            .env("XDG_CONFIG_HOME", &dir)
            .env("WRANGLER_SEND_METRICS", "false")
            .env("CI", "true")
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("wrangler (npm, a devDependency) runs");
        wait_for_port(port, Duration::from_secs(60));
        Front { child, dir }
    }

    /// Netlify's local emulation (npm's @netlify/dev, a devDependency)
    /// serving `site` on `port` of 127.0.0.1, through tests/front/netlify.mjs.
    pub fn netlify(port: u16, site: &Path) -> Front {
        let dir = private_dir("netlify");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let child = Command::new("node")
            .arg(root.join("tests/front/netlify.mjs"))
            .arg(site)
            .arg(port.to_string())
            .env("HOME", &dir)
            .env("XDG_CONFIG_HOME", &dir)
            .current_dir(root)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .expect("node runs");
        wait_for_port(port, Duration::from_secs(60));
        Front { child, dir }
    }
}

impl Drop for Front {
    /// SIGTERM, not SIGKILL, to its whole process group: nginx's master then
    /// stops its workers and wrangler its workerd, which would otherwise live
    /// on, still listening, after the test.
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", "--", &format!("-{}", self.child.id())]).status();
        if wait_with_timeout(&mut self.child, Duration::from_secs(5)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
