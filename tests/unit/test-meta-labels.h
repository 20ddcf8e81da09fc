/* SPDX-License-Identifier: ISC */
/*
 * Hand labels for systems of the shared corpus, checked by test-meta.c
 * against the files read in place. Each was read off the file's System
 * element by a person: "key=value" must hold, "!key" must stay unset.
 * Only normalised values appear here, never the files' own text.
 */
#define LBL_AMD7950X	"cpu_vendor=AMD", "cpu_model=Ryzen 9 7950X", \
	"cpu_cores=16", "cpu_threads=32", "cpu_max_mhz=5880"
#define LBL_OBDESK	"memory_mb=32768", "memory_type=DDR5", "disk_count=1", \
	"filesystem=ext4", "raid_mode=single", "block_size=4096", \
	"os_name=Ubuntu", "os_version=23.10"
#define LBL_T495S	"cpu_vendor=AMD", "cpu_model=Ryzen 5 PRO 3500U", \
	"cpu_cores=4", "cpu_threads=8", "cpu_max_mhz=2100", "memory_mb=14336", \
	"raid_mode=single", "kernel_flavour=fc30", "os_name=Fedora", \
	"cpu_governor=performance"
#define LBL_XEON2680	"cpu_vendor=Intel", "cpu_model=Xeon E5-2680 v2", \
	"cpu_cores=20", "cpu_threads=40", "cpu_max_mhz=3600", "disk_count=2", \
	"disk_capacity_gb=[2000,256]", "!raid_mode", "kernel_version=5.10.0", \
	"os_version=11"
#define LBL_EC2		"cpu_vendor=Intel", "cpu_model=Xeon E5-2670 v2", \
	"cpu_max_mhz=2500", "!cpu_threads", "raid_mode=single", \
	"kernel_version=3.13.0", "os_version=14.04", "compiler_version=4.8.2"
#define LBL_PI		"cpu_vendor=ARM", "cpu_model=ARMv7 rev 3", "cpu_cores=4", \
	"!cpu_threads", "cpu_max_mhz=1500", "memory_mb=4096", \
	"disk_capacity_gb=[64]", "raid_mode=single", "os_name=Raspbian", \
	"cpu_governor=ondemand"
#define LBL_QEMU	"cpu_vendor=QEMU", "cpu_model=QEMU Virtual 2.5+", \
	"disk_count=1", "!disk_models", "disk_capacity_gb=[49]", \
	"raid_mode=single", "kernel_version=4.4.0", "os_version=16.04"
#define LBL_GCE		"cpu_vendor=Intel", "cpu_model=Xeon", "cpu_cores=4", \
	"cpu_threads=8", "kernel_flavour=gcp", "raid_mode=single"

static const struct label labels[] = {
	{ "synth-07-cpus", "Ryzen 9 7950X", { LBL_AMD7950X, "memory_mb=32768" } },
	{ "synth-07-cpus", "Ryzen 9 7950X3D", { "cpu_model=Ryzen 9 7950X3D",
	    "cpu_max_mhz=5760", "cpu_cores=16", "cpu_vendor=AMD" } },
	{ "synth-07-cpus", "Ryzen 7 7700X", { "cpu_model=Ryzen 7 7700X",
	    "cpu_cores=8", "cpu_threads=16", "cpu_max_mhz=5570" } },
	{ "synth-07-cpus", "Core i9 13900K", { "cpu_vendor=Intel",
	    "cpu_model=Core i9-13900K", "cpu_cores=24", "cpu_threads=32",
	    "cpu_max_mhz=5800", LBL_OBDESK } },
	{ "synth-07-cpus", "Core i5 13600K", { "cpu_vendor=Intel",
	    "cpu_model=Core i5-13600K", "cpu_cores=14", "cpu_threads=20",
	    "cpu_max_mhz=5100" } },
	{ "synth-01-kernels", "Linux 6.1", { "kernel_version=6.1.0",
	    "kernel_flavour=generic", LBL_OBDESK } },
	{ "synth-01-kernels", "Linux 6.10", { "kernel_version=6.10.0",
	    "kernel_flavour=generic", "compiler=gcc", "compiler_version=13.2.0" } },
	{ "synth-01-kernels", "Linux 6.11", { "kernel_version=6.11.0" } },
	{ "synth-01-kernels", "Linux 6.12", { "kernel_version=6.12.0-rc1",
	    "kernel_flavour=phx", "io_scheduler=none",
	    "mount_options=relatime,rw", "cpu_governor=powersave" } },
	{ "synth-13-kernels", "Linux 6.10", { "kernel_version=6.10.0", LBL_AMD7950X } },
	{ "synth-16-ssd", "Samsung 990 PRO 2TB", { "disk_capacity_gb=[2000]",
	    LBL_OBDESK } },
	{ "synth-16-ssd", "Kingston KC3000 2TB", { "disk_capacity_gb=[2048]",
	    "disk_count=1", "raid_mode=single" } },
	{ "synth-16-ssd", "Solidigm P44 Pro 2TB", { "disk_capacity_gb=[2048]" } },
	{ "synth-16-ssd", "Crucial T700 2TB", { "disk_capacity_gb=[2000]",
	    "filesystem=ext4" } },
	{ "synth-10-single", "Test Run", { LBL_AMD7950X, LBL_OBDESK,
	    "kernel_version=6.5.0" } },
	{ "synth-04-letters", "b", { LBL_AMD7950X, "kernel_version=6.5.0" } },
	{ "t495s_cpu", "Thinkpad T495s", { LBL_T495S, "kernel_version=5.2.9",
	    "compiler_version=9.1.1" } },
	{ "t495s_gaming", "ThinkPad T495s", { LBL_T495S, "os_version=30",
	    "compiler=gcc", "compiler_version=9.2.1" } },
	{ "t495s_memory", "ThinkPad T495s Memory", { LBL_T495S,
	    "disk_capacity_gb=[256]" } },
	{ "GVNO2", "GVNO2", { "cpu_vendor=Intel", "cpu_model=Xeon E5-2620 v2",
	    "cpu_cores=12", "cpu_threads=24", "cpu_max_mhz=2600",
	    "memory_mb=32768", "!memory_type", "disk_capacity_gb=[256,2000]",
	    "!raid_mode", "kernel_flavour=el9" } },
	{ "GVNO3", "GVNO3", { "os_name=CentOS Stream", "os_version=9",
	    "kernel_version=5.14.0", "compiler=gcc", "compiler_version=11.5.0",
	    "cpu_governor=schedutil", "disk_capacity_gb=[2000,256]" } },
	{ "results_apache_", "base", { LBL_XEON2680, "!memory_mb",
	    "memory_type=DDR3", "compiler=clang", "compiler_version=15.0.7",
	    "cpu_governor=performance" } },
	{ "compress-zstd-1.6.0", "base", { LBL_XEON2680, "memory_mb=65536",
	    "!memory_type", "compiler=gcc", "compiler_version=10.2.1",
	    "kernel_flavour=amd64" } },
	{ "compress-zstd-1.6.0", "fwrapv", { LBL_XEON2680, "os_name=Debian" } },
	{ "lczero", "fstrict-enums", { LBL_XEON2680, "filesystem=ext4" } },
	{ "small-ec2_gzip", "gzip-run-3", { LBL_EC2, "cpu_cores=1",
	    "memory_mb=2048", "disk_capacity_gb=[25]", "!disk_models" } },
	{ "large-ec2_stream-bench", "stream-run-8", { LBL_EC2, "cpu_cores=2",
	    "memory_mb=8192" } },
	{ "micro-ec2_threaded-last", "threaded-last-unique", { LBL_EC2,
	    "memory_mb=1024", "disk_capacity_gb=[8]" } },
	{ "ptscpuv2", "ARMv7 rev 3", { LBL_PI, "kernel_version=5.4.72",
	    "kernel_flavour=v7l+" } },
	{ "ptsaudiov2", "ARMv7 rev 3", { LBL_PI, "kernel_version=5.4.77" } },
	{ "ptslinuxkernelv2", "SN64G - ARMv7 rev 3", { LBL_PI,
	    "mount_options=noatime,rw" } },
	{ "glibc-bench", "QEMU Virtual 2.5", { LBL_QEMU, "cpu_cores=2",
	    "memory_mb=6676", "cpu_max_mhz=2000" } },
	{ "Schbench", "2018-12-01 09:32", { LBL_QEMU, "cpu_cores=8",
	    "memory_mb=28611", "cpu_max_mhz=2200" } },
	{ "blogbenchwrite1", "8 x QEMU Virtual 2.5+ -  - QEMU Standard PC (i440FX +",
	  { LBL_QEMU, "cpu_max_mhz=2000", "mount_options=data=ordered,relatime,rw" } },
	{ "Pjdfstest", "PersistentDisk", { LBL_GCE, "filesystem=aufs",
	    "os_name=Clear Linux OS", "os_version=24870", "compiler=gcc",
	    "compiler_version=8.2.0", "io_scheduler=none" } },
	{ "DaCapo", "Intel Xeon", { LBL_GCE, "cpu_max_mhz=2300",
	    "memory_mb=30720", "os_name=Ubuntu", "os_version=18.04" } },
	{ "OSBench", "2018-12-02 15:18", { LBL_GCE, "disk_capacity_gb=[1074]" } },
	{ "fedora_captures", "AMD EPYC 9V74 80-Core", { "cpu_vendor=AMD",
	    "cpu_model=EPYC 9V74", "cpu_cores=2", "cpu_threads=4",
	    "!cpu_max_mhz", "filesystem=overlayfs", "kernel_flavour=azure",
	    "os_name=Fedora", "os_version=41", "compiler_version=14.3.1" } },
	{ "Memory-12_21_2024", "Memory", { "cpu_vendor=Intel",
	    "cpu_model=Core i5-7360U", "cpu_cores=3", "memory_mb=4096",
	    "raid_mode=single", "os_name=Debian", "os_version=12",
	    "kernel_flavour=amd64" } },
	{ "mp3testbeforegitcommit", "", { "cpu_vendor=Intel",
	    "cpu_model=Core2 Duo T9300", "cpu_cores=2", "memory_mb=1982",
	    "!disk_count", "!raid_mode", "kernel_version=2.6.24",
	    "os_name=Ubuntu", "os_version=8.04", "compiler_version=4.2.3" } },
};
