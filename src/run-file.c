/* SPDX-License-Identifier: ISC */
/*
 * The test file: refuses a directory without room (file plus margin), a
 * filesystem that refuses O_DIRECT (with a hint to use --buffered), and any
 * path that is not a directory. It creates its file with O_EXCL, never
 * follows a name it did not create, and unlinks it on every exit path.
 */
#define _GNU_SOURCE	/* O_DIRECT */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <linux/fs.h>	/* BLKGETSIZE64 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run-engine.h"
#include "run-file.h"
#include "run-sysinfo.h"
#include "xalloc.h"

#define FILL_CHUNK	(8u << 20)	/* bytes written per call while filling */
#define FILL_ALIGN	(2u << 20)	/* huge page size on x86-64 and arm64 */

static int	 file_check_dir(const char *dir, uint64_t size, struct diag *d);
static int	 file_fill(struct run_file *f, int fd, struct diag *d);

void
run_file_random_fill(void *buf, size_t len, uint64_t *state)
{
	uint64_t	 x = *state, *p = buf;
	size_t		 i;
	unsigned char	*tail;

	for (i = 0; i < len / 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = x;
	}
	tail = (unsigned char *)buf + (len / 8) * 8;
	for (i = 0; i < len % 8; i++)
		tail[i] = (unsigned char)(x >> (i * 8));
	*state = x;
}

static int
file_check_dir(const char *dir, uint64_t size, struct diag *d)
{
	struct stat	 st;
	struct statvfs	 vfs;
	uint64_t	 avail, margin;

	if (stat(dir, &st) == -1)
		return diag_set(d, dir, 0, "%s", strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return diag_set(d, dir, 0, "not a directory (the runner only "
		    "creates a test file inside a directory, never writes to "
		    "a device or an existing file)");
	if (access(dir, W_OK | X_OK) == -1)
		return diag_set(d, dir, 0, "directory is not writable: %s",
		    strerror(errno));
	if (statvfs(dir, &vfs) == -1)
		return diag_set(d, dir, 0, "statvfs: %s", strerror(errno));
	avail = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	margin = size / RUN_FILE_MARGIN_DIV;
	if (margin < RUN_FILE_MARGIN_MIN)
		margin = RUN_FILE_MARGIN_MIN;
	if (avail < size || avail - size < margin)
		return diag_set(d, dir, 0, "not enough free space: %llu MiB "
		    "free, the test needs %llu MiB (a %llu MiB file plus a "
		    "%llu MiB margin); use a smaller --size",
		    (unsigned long long)(avail >> 20),
		    (unsigned long long)((size + margin) >> 20),
		    (unsigned long long)(size >> 20),
		    (unsigned long long)(margin >> 20));
	return 0;
}

/*
 * Write the whole file once so reads hit allocated, written blocks (as fio
 * lays out its files). Direct writes when the run is direct: no page-cache
 * copy, so little CPU and no cached data left behind.
 */
static int
file_fill(struct run_file *f, int fd, struct diag *d)
{
	void		*buf = NULL;
	uint64_t	 off = 0, seed = 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid();
	size_t		 len;
	ssize_t		 n;
	int		 rc = -1;

	/*
	 * Large writes from a huge-page-backed buffer: an O_DIRECT write pins
	 * its pages, and 4 KiB pages in 1 MiB writes made the layout cost as
	 * much CPU as a 10 s run of 2 MiB reads.
	 */
	if ((errno = posix_memalign(&buf, FILL_ALIGN, FILL_CHUNK)) != 0) {
		diag_set(d, f->path, 0, "posix_memalign: %s", strerror(errno));
		buf = NULL;
		goto out;
	}
	(void)madvise(buf, FILL_CHUNK, MADV_HUGEPAGE);	/* a hint only */
	run_file_random_fill(buf, FILL_CHUNK, &seed);
	while (off < f->size) {
		if (run_engine_stopping()) {
			rc = 1;
			goto out;
		}
		len = f->size - off < FILL_CHUNK ? (size_t)(f->size - off) :
		    FILL_CHUNK;
		n = pwrite(fd, buf, len, (off_t)off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			diag_set(d, f->path, 0, "writing the test file at offset "
			    "%llu: %s", (unsigned long long)off, strerror(errno));
			goto out;
		}
		if (n == 0) {
			diag_set(d, f->path, 0, "writing the test file: no "
			    "progress at offset %llu", (unsigned long long)off);
			goto out;
		}
		off += (uint64_t)n;
	}
	if (fsync(fd) == -1) {
		diag_set(d, f->path, 0, "fsync: %s", strerror(errno));
		goto out;
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

int
run_file_create(struct run_file *f, const char *dir, uint64_t size,
    bool direct, bool fill, struct diag *d)
{
	static unsigned		 serial;
	struct run_mount	 m;
	struct diag		 md;
	struct stat		 st;
	int			 fd = -1, dfd = -1, rc = -1, r;

	memset(f, 0, sizeof(*f));
	f->excl_fd = -1;
	if (file_check_dir(dir, size, d) == -1)
		return -1;
	f->path = xasprintf("%s%sbenchreport-run.%ld.%u", dir,
	    dir[strlen(dir) - 1] == '/' ? "" : "/", (long)getpid(), serial++);
	f->size = size;
	fd = open(f->path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
	    0600);
	if (fd == -1) {
		diag_set(d, f->path, 0, "cannot create the test file: %s",
		    strerror(errno));
		free(f->path);
		f->path = NULL;
		goto out;
	}
	if (fstat(fd, &st) == -1) {
		diag_set(d, f->path, 0, "fstat: %s", strerror(errno));
		/* Created just now with O_EXCL, so ours, though not yet identified. */
		(void)unlink(f->path);
		goto fail;
	}
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	if (direct) {
		dfd = open(f->path, O_RDWR | O_DIRECT | O_CLOEXEC | O_NOFOLLOW);
		if (dfd == -1 && errno == EINVAL) {
			char	*fs = NULL;

			if (run_sysinfo_mount(dir, &m, &md) == 0) {
				fs = xasprintf(" (%s)", m.fstype);
				run_sysinfo_mount_free(&m);
			}
			diag_set(d, dir, 0, "the filesystem%s does not support "
			    "direct I/O (O_DIRECT); run with --buffered",
			    fs != NULL ? fs : "");
			free(fs);
			goto fail;
		}
		if (dfd == -1) {
			diag_set(d, f->path, 0, "open O_DIRECT: %s",
			    strerror(errno));
			goto fail;
		}
	}
	/* Allocate up front; filesystems without fallocate get it by writing. */
	if (posix_fallocate(fd, 0, (off_t)size) != 0 &&
	    ftruncate(fd, (off_t)size) == -1) {
		diag_set(d, f->path, 0, "cannot size the test file: %s",
		    strerror(errno));
		goto fail;
	}
	if (fill) {
		/* O_DIRECT needs whole blocks: the size is a multiple of 4 KiB. */
		r = file_fill(f, dfd != -1 && size % 4096 == 0 ? dfd : fd, d);
		if (r == 1) {
			rc = 1;
			goto fail_quiet;
		}
		if (r == -1)
			goto fail;
	}
	rc = 0;
	goto out;
fail:
	rc = -1;
fail_quiet:
	run_file_remove(f);
out:
	if (dfd != -1)
		close(dfd);
	if (fd != -1)
		close(fd);
	return rc;
}

int
run_file_device(struct run_file *f, const char *path, dev_t rdev,
    uint64_t size, unsigned align, struct diag *d)
{
	struct stat	st;
	uint64_t	bytes;
	int		fd;

	memset(f, 0, sizeof(*f));
	f->excl_fd = -1;
	/* Linux: O_EXCL on a block device is an exclusive claim. */
	if ((fd = open(path, O_RDWR | O_EXCL | O_CLOEXEC)) == -1)
		return diag_set(d, path, 0, "cannot open the device "
		    "exclusively: %s%s", strerror(errno), errno == EBUSY ?
		    " (the kernel has it in use: mounted, swap, or part of "
		    "another device)" : "");
	if (fstat(fd, &st) == -1 || !S_ISBLK(st.st_mode) ||
	    st.st_rdev != rdev) {
		close(fd);
		return diag_set(d, path, 0, "the device changed after it was "
		    "checked; refusing to write it");
	}
	if (ioctl(fd, BLKGETSIZE64, &bytes) == -1) {
		diag_set(d, path, 0, "BLKGETSIZE64: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (size == 0 || size > bytes)
		size = bytes;
	size -= size % (align > 0 ? align : 4096);
	if (size == 0) {
		close(fd);
		return diag_set(d, path, 0, "the device is smaller than one "
		    "block of the profile");
	}
	f->path = xstrdup(path);
	f->size = size;
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	f->device = true;
	f->rdev = st.st_rdev;
	f->excl_fd = fd;
	return 0;
}

int
run_file_open(const struct run_file *f, int flags, struct diag *d)
{
	struct stat	st;
	int		fd;

	/* A device node is under /dev: no O_NOFOLLOW, the number is checked. */
	if ((fd = open(f->path, flags | O_CLOEXEC | (f->device ? 0 :
	    O_NOFOLLOW))) == -1) {
		diag_set(d, f->path, 0, "open: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1 || (f->device ? !S_ISBLK(st.st_mode) ||
	    st.st_rdev != f->rdev : st.st_dev != f->dev ||
	    st.st_ino != f->ino)) {
		diag_set(d, f->path, 0, "the test file was replaced while the "
		    "runner used it; refusing to write to it");
		close(fd);
		return -1;
	}
	return fd;
}

void
run_file_drop_cache(const struct run_file *f)
{
	int	fd;

	if (f->path == NULL)
		return;
	if (f->device) {
		(void)fdatasync(f->excl_fd);
		(void)posix_fadvise(f->excl_fd, 0, 0, POSIX_FADV_DONTNEED);
		return;
	}
	if ((fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) == -1)
		return;
	/* fdatasync first: dirty pages are not dropped. */
	(void)fdatasync(fd);
	(void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
}

void
run_file_remove(struct run_file *f)
{
	struct stat	st;

	if (f->path == NULL)
		return;
	if (f->device) {
		/* A device is the user's: closed, never unlinked. */
		(void)fsync(f->excl_fd);
		close(f->excl_fd);
		f->excl_fd = -1;
		f->device = false;
		free(f->path);
		f->path = NULL;
		return;
	}
	/* Unlink only the file we created, never one put in its place. */
	if (lstat(f->path, &st) == 0 && st.st_dev == f->dev &&
	    st.st_ino == f->ino)
		(void)unlink(f->path);
	free(f->path);
	f->path = NULL;
}

unsigned
run_file_sweep(const char *dir, void (*said)(void *, const char *, uint64_t),
    void *arg)
{
	DIR		*dp;
	struct dirent	*de;
	struct stat	 st;
	char		*path, *end;
	long		 pid;
	unsigned	 n = 0;

	if ((dp = opendir(dir)) == NULL)
		return 0;
	while ((de = readdir(dp)) != NULL) {
		if (strncmp(de->d_name, "benchreport-run.", 16) != 0)
			continue;
		errno = 0;
		pid = strtol(de->d_name + 16, &end, 10);
		if (errno != 0 || end == de->d_name + 16 || *end != '.' ||
		    pid <= 0 || pid == (long)getpid())
			continue;
		strtoul(end + 1, &end, 10);
		if (*end != '\0')
			continue;
		/* A live process (ours or another user's) still owns it. */
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		path = xasprintf("%s%s%s", dir, dir[strlen(dir) - 1] == '/' ?
		    "" : "/", de->d_name);
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_uid == geteuid() && st.st_nlink == 1) {
			said(arg, path, (uint64_t)st.st_size);
			if (unlink(path) == 0)
				n++;
		}
		free(path);
	}
	closedir(dp);
	return n;
}
