/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for normalisation (meta.c and its rules): one table of real
 * raw strings with the facts each must give (and must not give), the
 * systems of the three seeds built from their strings, per-system note
 * splitting, the hidden-dimension diff, and every system of the shared
 * corpus read in place (skipped when ../shared is absent).
 */
#include <dirent.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "format.h"
#include "meta.h"
#include "meta-util.h"
#include "model.h"
#include "tap.h"
#include "xalloc.h"

#define SHARED	"../shared"

/*
 * One rule case: a raw string placed as a field ("F:Label"), a note
 * ("N:key") or the identifier ("I"), and the facts expected:
 * "key=value" must hold, "!key" must stay unset.
 */
struct rcase {
	const char	*where;
	const char	*raw;
	const char	*facts[10];
};

static const struct rcase rcases[] = {
	/* Processors */
	{ "F:Processor", "AMD Ryzen 9 7950X 16-Core @ 5.88GHz (16 Cores / 32 Threads)",
	  { "cpu_vendor=AMD", "cpu_model=Ryzen 9 7950X", "cpu_cores=16",
	    "cpu_threads=32", "cpu_max_mhz=5880" } },
	{ "F:Processor", "AMD Ryzen 9 5900X 12-Core @ 3.70GHz (12 Cores / 24 Threads)",
	  { "cpu_vendor=AMD", "cpu_model=Ryzen 9 5900X", "cpu_cores=12",
	    "cpu_threads=24", "cpu_max_mhz=3700" } },
	{ "F:Processor", "Intel Core i9-13900K @ 5.80GHz (24 Cores / 32 Threads)",
	  { "cpu_vendor=Intel", "cpu_model=Core i9-13900K", "cpu_max_mhz=5800" } },
	{ "F:CPU", "Intel(R) Core(TM) i7-7700 CPU @ 3.60GHz",
	  { "cpu_vendor=Intel", "cpu_model=Core i7-7700", "!cpu_max_mhz",
	    "!cpu_cores", "!cpu_threads" } },
	{ "F:Processor", "2 x Intel Xeon E5-2620 v2 @ 2.60GHz (12 Cores / 24 Threads)",
	  { "cpu_vendor=Intel", "cpu_model=Xeon E5-2620 v2", "cpu_cores=12",
	    "cpu_threads=24", "cpu_max_mhz=2600" } },
	{ "F:Processor", "AMD EPYC 9V74 80-Core (2 Cores / 4 Threads)",
	  { "cpu_vendor=AMD", "cpu_model=EPYC 9V74", "cpu_cores=2",
	    "cpu_threads=4", "!cpu_max_mhz" } },
	{ "F:Processor", "AMD Ryzen 5 PRO 3500U w/ Radeon Vega Mobile Gfx @ 2.10GHz (4 Cores / 8 Threads)",
	  { "cpu_vendor=AMD", "cpu_model=Ryzen 5 PRO 3500U", "cpu_max_mhz=2100" } },
	{ "F:Processor", "ARMv7 rev 3 @ 1.50GHz (4 Cores)",
	  { "cpu_vendor=ARM", "cpu_model=ARMv7 rev 3", "cpu_cores=4",
	    "!cpu_threads", "cpu_max_mhz=1500" } },
	{ "F:Processor", "Intel Core2 Duo CPU     T9300  @ 2.50GHz (Total Cores: 2)",
	  { "cpu_vendor=Intel", "cpu_model=Core2 Duo T9300", "cpu_cores=2" } },
	{ "F:Processor", "Intel Xeon @ 2.20GHz (4 Cores / 8 Threads)",
	  { "cpu_vendor=Intel", "cpu_model=Xeon", "cpu_max_mhz=2200" } },
	{ "F:Processor", "8 x QEMU Virtual 2.5+ @ 2.00GHz (8 Cores)",
	  { "cpu_vendor=QEMU", "cpu_model=QEMU Virtual 2.5+", "cpu_cores=8" } },
	{ "F:Processor", "AMD EPYC 7763 64-Core Processor",
	  { "cpu_vendor=AMD", "cpu_model=EPYC 7763" } },
	{ "F:Processor", "Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz",
	  { "cpu_vendor=Intel", "cpu_model=Xeon Platinum 8380", "!cpu_max_mhz" } },
	{ "F:Processor", "ARMv8 Neoverse-N1 @ 3.00GHz (80 Cores)",
	  { "cpu_vendor=ARM", "cpu_model=ARMv8 Neoverse-N1", "cpu_cores=80" } },
	{ "F:Processor", "Apple M1 Max (10 Cores)",
	  { "cpu_vendor=Apple", "cpu_model=M1 Max" } },
	/* "Core" inside an AMD name is a core count, not Intel's brand. */
	{ "F:Processor", "AMD Ryzen Threadripper PRO 5995WX 64-Cores",
	  { "cpu_vendor=AMD", "cpu_model=Ryzen Threadripper PRO 5995WX" } },
	/* Memory */
	{ "F:Memory", "2 x 16GB DDR5-6000MT/s G Skill F5-6000J3038F16G",
	  { "memory_mb=32768", "memory_type=DDR5" } },
	{ "F:Memory", "2 x 16GB DRAM-6000MT/s G Skill F5-6000J3038F16G",
	  { "memory_mb=32768", "!memory_type" } },
	{ "F:Memory", "16GB", { "memory_mb=16384", "!memory_type" } },
	{ "F:Memory", "14336MB", { "memory_mb=14336" } },
	{ "F:Memory", "8 x GB DDR3-1600MT/s HMT41GR7AFR4A-PB",
	  { "!memory_mb", "memory_type=DDR3" } },
	{ "F:Memory", "16384 MB + 12227 MB RAM", { "memory_mb=28611" } },
	{ "F:System Memory", "1982MB", { "memory_mb=1982" } },
	{ "F:RAM", "2 x 8 GiB ddr4", { "memory_mb=16384", "memory_type=DDR4" } },
	{ "F:Memory", "4 x 8192 MB LPDDR4X-4266MT/s", { "memory_mb=32768",
	    "memory_type=LPDDR4X" } },
	/* Hostile or broken text: nothing crashes, nothing is invented. */
	{ "F:Memory", "99999999999999999999999 x 99999999999GB", { "!memory_mb" } },
	{ "F:Memory", " + + ", { "!memory_mb", "!memory_type" } },
	{ "F:Disk", " + 2 x + ", { "!disk_models", "!disk_capacity_gb" } },
	{ "F:Disk", "99999999999999999999 x 1GB", { "!disk_count" } },
	{ "F:Processor", "(99999999999999999999999 Cores / 1 Threads)",
	  { "cpu_threads=1", "!cpu_vendor" } },
	{ "F:Processor", "Intel @ 99999999999GHz", { "cpu_vendor=Intel", "!cpu_max_mhz" } },
	{ "F:Kernel", "", { "!kernel_version" } },
	{ "F:Kernel", "-rc1-generic", { "!kernel_version", "!kernel_flavour" } },
	{ "N:Disk Details", "- : - :- / / Block Size:", { "!block_size" } },
	{ "F:OS", "23.10", { "!os_name" } },
	{ "F:Compiler", " + ", { "!compiler" } },
	/* Disks */
	{ "F:Disk", "2000GB Samsung SSD 970 EVO Plus 2TB + 123GB SanDisk 3.2Gen1",
	  { "disk_count=2",
	    "disk_models=[\"Samsung SSD 970 EVO Plus 2TB\",\"SanDisk 3.2Gen1\"]",
	    "disk_capacity_gb=[2000,123]", "!raid_mode" } },
	{ "F:Disk", "2 x 1000GB Western Digital WDS100T1X0E-00AFY0 + 1000GB Western Digital WD_BLACK SN850 1TB",
	  { "disk_count=3",
	    "disk_models=[\"Western Digital WDS100T1X0E-00AFY0\",\"Western Digital WDS100T1X0E-00AFY0\",\"Western Digital WD_BLACK SN850 1TB\"]",
	    "disk_capacity_gb=[1000,1000,1000]", "!raid_mode" } },
	{ "F:Disk", "2000GB Samsung SSD 990 PRO 2TB",
	  { "disk_count=1", "disk_models=[\"Samsung SSD 990 PRO 2TB\"]",
	    "disk_capacity_gb=[2000]", "raid_mode=single" } },
	{ "F:Disk", "49GB", { "disk_count=1", "!disk_models",
	    "disk_capacity_gb=[49]", "raid_mode=single" } },
	{ "F:Disk", "4 x 4001GB Seagate ST4000NM0035 + 8002GB md127",
	  { "disk_count=5", "raid_mode=unknown" } },
	{ "F:Model Number", "Samsung SSD 970 EVO Plus 250GB",
	  { "disk_models=[\"Samsung SSD 970 EVO Plus 250GB\"]", "!disk_count",
	    "!disk_capacity_gb", "!raid_mode" } },
	/* RAID mode from every place */
	{ "I", "RAID0", { "raid_mode=raid0" } },
	{ "I", "RAID1", { "raid_mode=raid1" } },
	{ "I", "mdadm RAID 10", { "raid_mode=raid10" } },
	{ "I", "RAID5_7k2_SEQ", { "raid_mode=raid5" } },
	{ "I", "Single", { "raid_mode=single" } },
	{ "I", "Single Thread Test", { "!raid_mode" } },
	/* "RAID" inside a product name, or without a level, says nothing. */
	{ "I", "MegaRAID 9361-8i", { "!raid_mode" } },
	{ "I", "PERC H730 RAID Controller", { "!raid_mode" } },
	{ "I", "RAID 500 Series", { "!raid_mode" } },
	{ "I", "zfs raidz2 pool", { "raid_mode=raid6" } },
	{ "F:RAID Level", "raid6", { "raid_mode=raid6" } },
	{ "N:raid", "raid1c3", { "raid_mode=raid1" } },
	{ "N:raid", "dup", { "raid_mode=single" } },
	{ "N:raid", "linear", { "raid_mode=jbod" } },
	{ "N:raid", "raid4", { "raid_mode=unknown" } },
	{ "N:Disk Details", "NONE / relatime,rw,space_cache,ssd,subvol=/,subvolid=5 / RAID0 Block Size: 4096",
	  { "raid_mode=raid0", "block_size=4096", "io_scheduler=none",
	    "mount_options=relatime,rw,space_cache,ssd,subvol=/,subvolid=5" } },
	{ "N:Disk Details", "- NONE / relatime,rw / Block Size: 4096",
	  { "raid_mode=single", "block_size=4096", "io_scheduler=none",
	    "mount_options=relatime,rw" } },
	{ "N:disk-details", "Data, RAID1: total=1.00GiB, used=512.00KiB",
	  { "raid_mode=raid1" } },
	{ "N:disk-details", "md0 : active raid10 sdd1 sdc1 sdb1 sda1",
	  { "raid_mode=raid10" } },
	{ "N:disk-details", "btrfs profile raid1c3", { "raid_mode=raid1" } },
	{ "N:disk-scheduler", "NONE", { "io_scheduler=none" } },
	{ "N:disk-scheduler", "mq-deadline [bfq] none", { "io_scheduler=bfq" } },
	{ "N:disk-mount-options", "relatime,rw", { "mount_options=relatime,rw" } },
	/* Filesystems */
	{ "F:File-System", "btrfs", { "filesystem=btrfs" } },
	{ "F:File-System", "ext4", { "filesystem=ext4" } },
	{ "F:File-System", "XFS", { "filesystem=xfs" } },
	{ "F:File-System", "overlayfs", { "filesystem=overlayfs" } },
	{ "F:File-System", "", { "!filesystem" } },
	/* Options only btrfs has name it when no File-System field does. */
	{ "N:Disk Details", "NONE / relatime,rw,space_cache,ssd,subvol=/,subvolid=5 / Block Size: 4096",
	  { "filesystem=btrfs" } },
	{ "N:disk-mount-options", "relatime,rw,data=ordered", { "!filesystem" } },
	/* Kernels */
	{ "F:Kernel", "6.7.0-060700-generic (x86_64)",
	  { "kernel_version=6.7.0", "kernel_flavour=generic" } },
	{ "F:Kernel", "6.1.0-31-amd64", { "kernel_version=6.1.0",
	    "kernel_flavour=amd64" } },
	/* A mainline release candidate is not the release. */
	{ "F:Kernel", "5.14.0-051400rc7-generic (x86_64) 20210822",
	  { "kernel_version=5.14.0-rc7", "kernel_flavour=generic" } },
	{ "F:Kernel", "6.12.0-rc1-phx (x86_64)", { "kernel_version=6.12.0-rc1",
	    "kernel_flavour=phx" } },
	{ "F:Kernel", "5.14.0-547.el9.x86_64 (x86_64)",
	  { "kernel_version=5.14.0", "kernel_flavour=el9" } },
	{ "F:Kernel", "5.2.9-200.fc30.x86_64 (x86_64)",
	  { "kernel_version=5.2.9", "kernel_flavour=fc30" } },
	{ "F:Kernel", "4.15.0-1024-gcp (x86_64)", { "kernel_version=4.15.0",
	    "kernel_flavour=gcp" } },
	{ "F:Kernel", "5.4.72-v7l+ (armv7l)", { "kernel_version=5.4.72",
	    "kernel_flavour=v7l+" } },
	{ "F:Kernel", "12.1-STABLE (r363130)", { "kernel_version=12.1",
	    "kernel_flavour=STABLE" } },
	{ "F:Kernel", "6.8.0", { "kernel_version=6.8.0", "!kernel_flavour" } },
	{ "F:uname -a", "Linux host1 5.15.0-91-generic #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC 2023 x86_64 x86_64 x86_64 GNU/Linux",
	  { "kernel_version=5.15.0", "kernel_flavour=generic", "!os_name" } },
	{ "F:uname", "FreeBSD box 13.2-RELEASE FreeBSD 13.2-RELEASE releng/13.2-n254617 GENERIC amd64",
	  { "kernel_version=13.2", "kernel_flavour=RELEASE", "os_name=FreeBSD",
	    "os_version=13.2" } },
	/* Operating systems */
	{ "F:OS", "Ubuntu 23.10", { "os_name=Ubuntu", "os_version=23.10" } },
	{ "F:OS", "Debian 12", { "os_name=Debian", "os_version=12" } },
	{ "F:OS", "CentOS Stream 9", { "os_name=CentOS Stream", "os_version=9" } },
	{ "F:OS", "Fedora Linux 41", { "os_name=Fedora", "os_version=41" } },
	{ "F:OS", "Clear Linux OS 24870", { "os_name=Clear Linux OS",
	    "os_version=24870" } },
	{ "F:OS", "Arch Linux", { "os_name=Arch Linux", "!os_version" } },
	{ "F:Operating System", "FreeBSD 12.1-STABLE (r363130) amd64",
	  { "os_name=FreeBSD", "os_version=12.1", "kernel_version=12.1",
	    "kernel_flavour=STABLE" } },
	{ "F:Operating System", "Ubuntu 22.04.3 LTS", { "os_name=Ubuntu",
	    "os_version=22.04.3", "!kernel_version" } },
	/* Compilers */
	{ "F:Compiler", "GCC 13.2.0", { "compiler=gcc", "compiler_version=13.2.0" } },
	{ "F:Compiler", "Clang 17.0.6", { "compiler=clang",
	    "compiler_version=17.0.6" } },
	{ "F:Compiler", "GCC 11.5.0 20240719 + PGI Compiler 16.10-0 + LLVM 3.1 + CUDA 11.2",
	  { "compiler=gcc", "compiler_version=11.5.0" } },
	{ "F:Compiler", "Clang 15.0.7 + GCC 10.2.1 20210110 + LLVM 15.0.7",
	  { "compiler=clang", "compiler_version=15.0.7" } },
	{ "F:Compiler", "Visual Studio Something", { "!compiler" } },
	/* Governors */
	{ "N:cpu-scaling-governor", "acpi-cpufreq ondemand", { "cpu_governor=ondemand" } },
	{ "N:cpu-scaling-governor", "amd-pstate-epp powersave (EPP: balance_performance)",
	  { "cpu_governor=powersave" } },
	{ "N:cpu-scaling-governor", "intel_cpufreq performance",
	  { "cpu_governor=performance" } },
	{ "N:Processor Details", "- Scaling Governor: amd-pstate-epp powersave (EPP: performance) - CPU Microcode: 0xa601206",
	  { "cpu_governor=powersave" } },
	{ "N:Processor Details", "- CPU Microcode: 0xa601206", { "!cpu_governor" } },
};

static struct system *add_sys(struct result_set *rs, const char *id);
static void	 check_facts(const struct system *s, const char *const *facts,
		    size_t n, const char *label);
static void	 test_patterns(void);
static void	 test_rules(void);
static void	 test_seeds(void);
static void	 test_provenance(void);
static void	 test_diff(void);
static void	 test_corpus(void);

/* Add a system and return it (the array may move on every add). */
static struct system *
add_sys(struct result_set *rs, const char *id)
{
	size_t	i;

	i = result_set_add_system(rs, id);
	return &rs->systems[i];
}

static void
check_facts(const struct system *s, const char *const *facts, size_t n,
    const char *label)
{
	const struct fact	*f;
	const char		*eq;
	char			*key, name[512];
	size_t			 i;

	for (i = 0; i < n && facts[i] != NULL; i++) {
		snprintf(name, sizeof(name), "%s: %s", label, facts[i]);
		if (facts[i][0] == '!') {
			f = fact_list_get(&s->normalized, facts[i] + 1);
			ok(f == NULL, name);
			if (f != NULL)
				diag("got %s (from %s)", f->value, f->source);
			continue;
		}
		eq = strchr(facts[i], '=');
		key = xstrndup(facts[i], (size_t)(eq - facts[i]));
		f = fact_list_get(&s->normalized, key);
		is_str(f != NULL ? f->value : NULL, eq + 1, name);
		free(key);
	}
}

static void
test_rules(void)
{
	struct result_set	*rs;
	struct system		*s;
	const struct rcase	*c;
	char			 label[256];
	size_t			 i;

	for (i = 0; i < sizeof(rcases) / sizeof(rcases[0]); i++) {
		c = &rcases[i];
		rs = result_set_new();
		s = add_sys(rs, c->where[0] == 'I' ? c->raw : "system");
		if (c->where[0] == 'F')
			kv_list_add(&s->fields, c->where + 2, c->raw);
		else if (c->where[0] == 'N')
			kv_list_add(&s->notes, c->where + 2, c->raw);
		meta_normalize_result_set(rs);
		snprintf(label, sizeof(label), "%s \"%.80s\"", c->where, c->raw);
		check_facts(s, c->facts, 10, label);
		result_set_free(rs);
	}
}

/* Fill a system from "Label\tvalue" lines. */
static void
add_fields(struct system *s, const char *const *kv)
{
	const char	*tab;
	char		*key;

	for (; *kv != NULL; kv++) {
		tab = strchr(*kv, '\t');
		key = xstrndup(*kv, (size_t)(tab - *kv));
		kv_list_add(&s->fields, key, tab + 1);
		free(key);
	}
}

static void
test_seeds(void)
{
	/* Seed 000: eight drives in one AMD desktop (OpenBenchmarking table). */
	static const char *const s000_common[] = {
		"Processor\tAMD Ryzen 9 7950X 16-Core @ 5.88GHz (16 Cores / 32 Threads)",
		"Memory\t2 x 16GB DRAM-6000MT/s G Skill F5-6000J3038F16G",
		"OS\tUbuntu 23.10", "Kernel\t6.7.0-060700-generic (x86_64)",
		"Compiler\tGCC 13.2.0", "File-System\text4", NULL };
	static const char *const s000_ids[] = { "Samsung 980 PRO 2TB",
		"Inland PCIe 5.0 2TB", "Corsair MP700 PRO 2TB", "Corsair MP700 2TB",
		"Samsung 990 PRO 1TB", "Solidigm P41 Plus 1TB",
		"Samsung 970 EVO Plus 2TB", "Crucial T705 2TB" };
	static const char *const s000_disks[] = { "2000GB Samsung SSD 980 PRO 2TB",
		"2000GB PCIe SSD", "2000GB Corsair MP700 PRO", "2000GB Corsair MP700",
		"1000GB Samsung SSD 990 PRO 1TB", "1024GB SOLIDIGM SSDPFKNU010TZ",
		"2000GB Samsung SSD 970 EVO Plus 2TB + 123GB SanDisk 3.2Gen1",
		"2000GB CT2000T705SSD5 + 123GB SanDisk 3.2Gen1" };
	static const char *const s000_facts[] = { "cpu_vendor=AMD",
		"cpu_model=Ryzen 9 7950X", "cpu_cores=16", "cpu_threads=32",
		"cpu_max_mhz=5880", "memory_mb=32768", "!memory_type",
		"filesystem=ext4", "kernel_version=6.7.0", "kernel_flavour=generic",
		"os_name=Ubuntu", "os_version=23.10", "compiler=gcc",
		"compiler_version=13.2.0", "cpu_governor=powersave",
		"io_scheduler=none", "mount_options=relatime,rw", "block_size=4096",
		"raid_mode=single" };
	static const char *const s000_caps[] = { "[2000]", "[2000]", "[2000]",
		"[2000]", "[1000]", "[1024]", "[2000,123]", "[2000,123]" };
	/* Seed 004: btrfs single, RAID0 and RAID1 on WD NVMe drives. */
	static const char *const s004_common[] = {
		"Processor\tAMD Ryzen 9 5900X 12-Core @ 3.70GHz (12 Cores / 24 Threads)",
		"Memory\t16GB", "OS\tUbuntu 20.04",
		"Kernel\t5.14.0-051400rc7-generic (x86_64) 20210822",
		"Compiler\tGCC 9.3.0", "File-System\tbtrfs", NULL };
	static const char *const s004_ids[] = { "Single", "RAID0", "RAID1" };
	static const char *const s004_modes[] = { "raid_mode=single",
		"raid_mode=raid0", "raid_mode=raid1" };
	static const char *const s004_counts[] = { "disk_count=2", "disk_count=3",
		"disk_count=3" };
	static const char *const s004_facts[] = { "cpu_vendor=AMD",
		"cpu_model=Ryzen 9 5900X", "cpu_cores=12", "cpu_threads=24",
		"memory_mb=16384", "filesystem=btrfs", "kernel_version=5.14.0-rc7",
		"os_version=20.04", "compiler_version=9.3.0", "cpu_governor=ondemand",
		"io_scheduler=none", "block_size=4096",
		"mount_options=relatime,rw,space_cache,ssd,subvol=/,subvolid=5" };
	/* Seed 001: dd on two FreeBSD machines, "Key: value" facts. */
	static const char *const s001_desk[] = {
		"Operating System\tFreeBSD 12.1-STABLE (r363130) amd64",
		"CPU\tIntel(R) Core(TM) i7-7700 CPU @ 3.60GHz", "Chipset\tB250",
		"Controller\tnvme0: Generic NVMe Device",
		"Model Number\tSamsung SSD 970 EVO Plus 250GB", NULL };
	static const char *const s001_lap[] = {
		"Operating System\tFreeBSD 12.1-STABLE (r363130) amd64",
		"CPU\tIntel(R) Core(TM) i7-7700HQ CPU @ 2.80GHz",
		"Chipset\tSunrise Point", "Controller\tnvme0: Generic NVMe Device",
		"Model Number\tPLEXTOR PX-256M8PeGN", NULL };
	static const char *const s001_facts[] = { "cpu_vendor=Intel",
		"!cpu_max_mhz", "os_name=FreeBSD", "os_version=12.1",
		"kernel_version=12.1", "kernel_flavour=STABLE", "!disk_count",
		"!raid_mode", "!filesystem", "!memory_mb" };
	struct result_set	*rs;
	struct system		*s;
	char			 label[128], buf[256];
	const char		*one[1];
	size_t			 i;

	rs = result_set_new();
	for (i = 0; i < 8; i++) {
		s = add_sys(rs, s000_ids[i]);
		add_fields(s, s000_common);
		kv_list_add(&s->fields, "Disk", s000_disks[i]);
		kv_list_add(&s->notes, "Disk Details",
		    "- NONE / relatime,rw / Block Size: 4096");
		kv_list_add(&s->notes, "Processor Details",
		    "- Scaling Governor: amd-pstate-epp powersave (EPP: balance_performance) - CPU Microcode: 0xa601206");
	}
	meta_normalize_result_set(rs);
	for (i = 0; i < 8; i++) {
		snprintf(label, sizeof(label), "seed 000 %s", s000_ids[i]);
		check_facts(&rs->systems[i], s000_facts,
		    sizeof(s000_facts) / sizeof(s000_facts[0]), label);
		snprintf(buf, sizeof(buf), "disk_capacity_gb=%s", s000_caps[i]);
		one[0] = buf;
		check_facts(&rs->systems[i], one, 1, label);
	}
	result_set_free(rs);

	rs = result_set_new();
	for (i = 0; i < 3; i++) {
		s = add_sys(rs, s004_ids[i]);
		add_fields(s, s004_common);
		/* The Disk cell spans RAID0 and RAID1 in the table. */
		kv_list_add(&s->fields, "Disk", i == 0 ?
		    "1000GB Western Digital WD_BLACK SN850 1TB + 1000GB Western Digital WDS100T1X0E-00AFY0" :
		    "2 x 1000GB Western Digital WDS100T1X0E-00AFY0 + 1000GB Western Digital WD_BLACK SN850 1TB");
		/* The whole paragraph, as the OpenBenchmarking export writes it. */
		kv_list_add(&s->notes, "Disk Details",
		    "- Single: NONE / relatime,rw,space_cache,ssd,subvol=/,subvolid=5 / Block Size: 4096"
		    "- RAID0: NONE / relatime,rw,space_cache,ssd,subvol=/,subvolid=5 / RAID0 Block Size: 4096"
		    "- RAID1: NONE / relatime,rw,space_cache,ssd,subvol=/,subvolid=5 / RAID1 Block Size: 4096");
		kv_list_add(&s->notes, "Processor Details",
		    "- Scaling Governor: acpi-cpufreq ondemand (Boost: Enabled) - CPU Microcode: 0xa201009");
	}
	meta_normalize_result_set(rs);
	for (i = 0; i < 3; i++) {
		snprintf(label, sizeof(label), "seed 004 %s", s004_ids[i]);
		check_facts(&rs->systems[i], s004_facts,
		    sizeof(s004_facts) / sizeof(s004_facts[0]), label);
		one[0] = s004_modes[i];
		check_facts(&rs->systems[i], one, 1, label);
		one[0] = s004_counts[i];
		check_facts(&rs->systems[i], one, 1, label);
	}
	one[0] = "disk_models=[\"Western Digital WDS100T1X0E-00AFY0\",\"Western Digital WDS100T1X0E-00AFY0\",\"Western Digital WD_BLACK SN850 1TB\"]";
	check_facts(&rs->systems[2], one, 1, "seed 004 RAID1");
	one[0] = "disk_capacity_gb=[1000,1000]";
	check_facts(&rs->systems[0], one, 1, "seed 004 Single");
	is_str(fact_list_get(&rs->systems[1].normalized, "raid_mode")->source,
	    "note:Disk Details", "seed 004 RAID0: raid_mode from Disk Details");
	result_set_free(rs);

	rs = result_set_new();
	add_fields(add_sys(rs, "Desktop"), s001_desk);
	add_fields(add_sys(rs, "Laptop"), s001_lap);
	meta_normalize_result_set(rs);
	check_facts(&rs->systems[0], s001_facts,
	    sizeof(s001_facts) / sizeof(s001_facts[0]), "seed 001 Desktop");
	check_facts(&rs->systems[1], s001_facts,
	    sizeof(s001_facts) / sizeof(s001_facts[0]), "seed 001 Laptop");
	one[0] = "cpu_model=Core i7-7700";
	check_facts(&rs->systems[0], one, 1, "seed 001 Desktop");
	one[0] = "cpu_model=Core i7-7700HQ";
	check_facts(&rs->systems[1], one, 1, "seed 001 Laptop");
	one[0] = "disk_models=[\"Samsung SSD 970 EVO Plus 250GB\"]";
	check_facts(&rs->systems[0], one, 1, "seed 001 Desktop");
	one[0] = "disk_models=[\"PLEXTOR PX-256M8PeGN\"]";
	check_facts(&rs->systems[1], one, 1, "seed 001 Laptop");
	result_set_free(rs);
}

static void
test_provenance(void)
{
	struct result_set	*rs;
	struct system		*s;
	const struct fact	*f;
	size_t			 n;

	rs = result_set_new();
	s = add_sys(rs, "RAID1");
	kv_list_add(&s->fields, "Processor",
	    "Intel Core i5-13600K @ 5.10GHz (14 Cores / 20 Threads)");
	kv_list_add(&s->fields, "Disk", "2000GB Samsung SSD 990 PRO 2TB");
	/* PTS System JSON that the reader did not split into notes. */
	model_set_str(&s->json_raw, "{\"disk-scheduler\": \"NONE\", "
	    "\"disk-mount-options\": \"relatime,rw\", \"cpu-scaling-governor\": "
	    "\"intel_pstate performance\"}");
	meta_normalize_result_set(rs);
	f = fact_list_get(&s->normalized, "cpu_vendor");
	is_str(f != NULL ? f->source : NULL, "field:Processor", "provenance of a field");
	f = fact_list_get(&s->normalized, "raid_mode");
	is_str(f != NULL ? f->value : NULL, "raid1",
	    "a stated level beats the single-disk inference");
	is_str(f != NULL ? f->source : NULL, "identifier", "provenance of the identifier");
	f = fact_list_get(&s->normalized, "io_scheduler");
	is_str(f != NULL ? f->source : NULL, "json:disk-scheduler",
	    "provenance of a System JSON key");
	f = fact_list_get(&s->normalized, "cpu_governor");
	is_str(f != NULL ? f->value : NULL, "performance", "governor from JSON");
	n = s->normalized.len;
	meta_normalize_result_set(rs);
	is_int(s->normalized.len, n, "normalising again replaces, never appends");
	result_set_free(rs);

	/* "- NAME1, NAME2: value" entries and names that prefix others. */
	rs = result_set_new();
	result_set_add_system(rs, "RAID1");
	result_set_add_system(rs, "RAID10");
	result_set_add_system(rs, "plain");
	for (n = 0; n < 3; n++)
		kv_list_add(&rs->systems[n].notes, "Disk Details",
		    "- RAID10, plain: MQ-DEADLINE / rw,noatime / Block Size: 4096"
		    "- RAID1: BFQ / rw,relatime / RAID1 Block Size: 512");
	meta_normalize_result_set(rs);
	f = fact_list_get(&rs->systems[0].normalized, "io_scheduler");
	is_str(f != NULL ? f->value : NULL, "bfq", "per-system note part: RAID1");
	f = fact_list_get(&rs->systems[0].normalized, "block_size");
	is_str(f != NULL ? f->value : NULL, "512", "per-system note part: RAID1 block");
	f = fact_list_get(&rs->systems[1].normalized, "io_scheduler");
	is_str(f != NULL ? f->value : NULL, "mq-deadline", "shared note part: RAID10");
	f = fact_list_get(&rs->systems[1].normalized, "raid_mode");
	is_str(f != NULL ? f->value : NULL, "raid10", "RAID10 from its identifier");
	f = fact_list_get(&rs->systems[2].normalized, "mount_options");
	is_str(f != NULL ? f->value : NULL, "rw,noatime", "shared note part: plain");
	f = fact_list_get(&rs->systems[2].normalized, "raid_mode");
	is_str(f != NULL ? f->value : NULL, "single", "plain block size: single");
	result_set_free(rs);
}

static void
test_diff(void)
{
	struct result_set	*rs;
	struct meta_difference	*d = NULL;
	size_t			 n;

	rs = result_set_new();
	result_set_add_system(rs, "a");
	result_set_add_system(rs, "b");
	kv_list_add(&rs->systems[0].fields, "Kernel", "6.7.0-060700-generic (x86_64)");
	kv_list_add(&rs->systems[1].fields, "Kernel", "6.1.0-31-amd64");
	kv_list_add(&rs->systems[0].fields, "File-System", "btrfs");
	kv_list_add(&rs->systems[1].fields, "File-System", "btrfs");
	kv_list_add(&rs->systems[0].fields, "Compiler", "GCC 13.2.0");
	meta_normalize_result_set(rs);
	n = meta_diff_systems(&rs->systems[0], &rs->systems[1], false, &d);
	is_int(n, 2, "diff: kernel version and flavour differ");
	if (n == 2) {
		is_str(d[0].key, "kernel_version", "diff in fact order");
		is_str(d[0].a, "6.7.0", "diff value A");
		is_str(d[0].b, "6.1.0", "diff value B");
		is_str(d[1].key, "kernel_flavour", "second difference");
	}
	free(d);
	n = meta_diff_systems(&rs->systems[0], &rs->systems[1], true, &d);
	is_int(n, 4, "diff with unknowns: compiler known on one side");
	if (n == 4) {
		is_str(d[2].key, "compiler", "one-sided fact listed");
		ok(d[2].b == NULL, "unknown side is NULL");
	}
	free(d);
	n = meta_diff_systems(&rs->systems[0], &rs->systems[0], true, &d);
	ok(n == 0 && d == NULL, "a system does not differ from itself");
	ok(meta_is_fact("raid_mode") && !meta_is_fact("raid"), "fact names");
	ok(meta_fact_is_number("memory_mb") && !meta_fact_is_number("os_version") &&
	    !meta_fact_is_number("kernel_version"), "numeric facts");
	result_set_free(rs);
}

/*
 * The corpus, read in place. A tiny PTS System reader for this test
 * only: "Label: value, Label: value" strings split where a new label
 * starts. Labels are checked per system: file, identifier, facts.
 */
struct label {
	const char	*file;		/* a unique part of the corpus file name */
	const char	*ident;		/* "*": every system of the file */
	const char	*facts[24];
};

#include "test-meta-labels.h"

static void
split_components(struct system *s, const char *text)
{
	regmatch_t	 m[2];
	regex_t		 rx;
	const char	*p, *q, *next, *colon;
	char		*key, *val;

	if (regcomp(&rx, "^, [A-Z][A-Za-z0-9 ./-]{0,40}: ", REG_EXTENDED) != 0)
		return;
	for (p = text; *p != '\0'; p = next) {
		for (q = p; *q != '\0'; q++)
			if (q[0] == ',' && regexec(&rx, q, 1, m, 0) == 0)
				break;
		next = *q != '\0' ? q + 2 : q;
		colon = strstr(p, ": ");
		if (colon == NULL || colon > q)
			continue;
		key = xstrndup(p, (size_t)(colon - p));
		val = xstrndup(colon + 2, (size_t)(q - colon - 2));
		kv_list_add(&s->fields, key, val);
		free(key);
		free(val);
	}
	regfree(&rx);
}

static char *
child_text(xmlNode *n, const char *name)
{
	xmlNode	*c;
	xmlChar	*t;
	char	*out;

	for (c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)c->name, name) == 0) {
			t = xmlNodeGetContent(c);
			out = xstrdup(t != NULL ? (const char *)t : "");
			xmlFree(t);
			return out;
		}
	return NULL;
}

static struct result_set *
read_pts(const char *path)
{
	struct result_set	*rs;
	struct system		*s;
	xmlDoc			*doc;
	xmlNode			*root, *n;
	char			*id, *hw, *sw, *js;

	doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR |
	    XML_PARSE_NOWARNING);
	if (doc == NULL)
		return NULL;
	rs = result_set_new();
	root = xmlDocGetRootElement(doc);
	for (n = root != NULL ? root->children : NULL; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE ||
		    strcmp((const char *)n->name, "System") != 0)
			continue;
		id = child_text(n, "Identifier");
		s = add_sys(rs, id != NULL ? id : "");
		hw = child_text(n, "Hardware");
		sw = child_text(n, "Software");
		js = child_text(n, "JSON");
		if (hw != NULL)
			split_components(s, hw);
		if (sw != NULL)
			split_components(s, sw);
		if (js != NULL && *js != '\0')
			model_set_str(&s->json_raw, js);
		free(id);
		free(hw);
		free(sw);
		free(js);
	}
	xmlFreeDoc(doc);
	return rs;
}

static const char *const raid_modes[] = { "single", "raid0", "raid1", "raid5",
	"raid6", "raid10", "jbod", "unknown", NULL };

static int
sane_list(const char *text, long count)
{
	json_object	*j;
	int		 good;

	if ((j = json_tokener_parse(text)) == NULL)
		return 0;
	good = json_object_is_type(j, json_type_array) &&
	    (count < 0 || (long)json_object_array_length(j) == count);
	json_object_put(j);
	return good;
}

/* Nothing crashes, and what a system states shows up as facts. */
static void
check_sane(const struct system *s, const char *file, int *bad)
{
	const struct fact	*f, *c;
	size_t			 i;
	int			 in = 0;

#define NEED(field, fact) \
	if (kv_list_get(&s->fields, field) != NULL && \
	    *kv_list_get(&s->fields, field) != '\0' && \
	    fact_list_get(&s->normalized, fact) == NULL) { \
		diag("%s [%s]: %s without %s", file, s->identifier, field, fact); \
		(*bad)++; \
	}
	NEED("Processor", "cpu_vendor");
	NEED("Processor", "cpu_model");
	NEED("Kernel", "kernel_version");
	NEED("OS", "os_name");
	NEED("File-System", "filesystem");
	NEED("Disk", "disk_count");
#undef NEED
	if ((f = fact_list_get(&s->normalized, "raid_mode")) != NULL) {
		for (i = 0; raid_modes[i] != NULL; i++)
			in |= strcmp(f->value, raid_modes[i]) == 0;
		if (!in) {
			diag("%s [%s]: raid_mode %s", file, s->identifier, f->value);
			(*bad)++;
		}
	}
	c = fact_list_get(&s->normalized, "disk_count");
	if ((f = fact_list_get(&s->normalized, "disk_capacity_gb")) != NULL &&
	    !sane_list(f->value, c != NULL ? atol(c->value) : -1)) {
		diag("%s [%s]: capacities %s", file, s->identifier, f->value);
		(*bad)++;
	}
	for (i = 0; i < s->normalized.len; i++)
		if (!meta_is_fact(s->normalized.items[i].key) ||
		    (strchr(s->normalized.items[i].source, ':') == NULL &&
		    strcmp(s->normalized.items[i].source, "identifier") != 0)) {
			diag("%s [%s]: odd fact %s from %s", file, s->identifier,
			    s->normalized.items[i].key, s->normalized.items[i].source);
			(*bad)++;
		}
}

static void
test_corpus(void)
{
	static const char *const dirs[] = { SHARED "/corpus/pts-xml",
		SHARED "/corpus/ob-text/source" };
	struct result_set	*rs;
	struct dirent		*de;
	DIR			*dir;
	char			*path, name[512];
	size_t			 d, i, l, nsys = 0;
	int			 bad = 0, nfiles = 0, labelled;
	int			 seen[sizeof(labels) / sizeof(labels[0])] = { 0 };

	if ((dir = opendir(SHARED "/corpus")) == NULL) {
		skip("corpus systems", "../shared is absent");
		skip("corpus labels", "../shared is absent");
		return;
	}
	closedir(dir);
	for (d = 0; d < 2; d++) {
		if ((dir = opendir(dirs[d])) == NULL)
			continue;
		while ((de = readdir(dir)) != NULL) {
			if (strstr(de->d_name, ".xml") == NULL)
				continue;
			path = xasprintf("%s/%s", dirs[d], de->d_name);
			rs = read_pts(path);
			free(path);
			if (rs == NULL)
				continue;
			nfiles++;
			labelled = 0;
			meta_normalize_result_set(rs);
			for (i = 0; i < rs->nsystems; i++, nsys++) {
				int	mine = 0;

				check_sane(&rs->systems[i], de->d_name, &bad);
				for (l = 0; l < sizeof(labels) / sizeof(labels[0]); l++) {
					/* "*": every system of the file. */
					if (strstr(de->d_name, labels[l].file) == NULL ||
					    (strcmp(labels[l].ident, "*") != 0 &&
					    strcmp(rs->systems[i].identifier,
					    labels[l].ident) != 0))
						continue;
					snprintf(name, sizeof(name), "%s [%s]",
					    labels[l].file, labels[l].ident);
					check_facts(&rs->systems[i], labels[l].facts,
					    24, name);
					seen[l]++;
					mine = 1;
				}
				labelled += mine;
				if (getenv("META_DUMP") != NULL) {
					size_t k;

					printf("# %s [%s]", de->d_name,
					    rs->systems[i].identifier);
					for (k = 0; k < rs->systems[i].normalized.len; k++)
						printf(" %s=%s", rs->systems[i].normalized.items[k].key,
						    rs->systems[i].normalized.items[k].value);
					printf("\n");
				}
			}
			if (labelled < (int)rs->nsystems) {
				snprintf(name, sizeof(name), "every system of %s "
				    "is labelled", de->d_name);
				ok(0, name);
			}
			result_set_free(rs);
		}
		closedir(dir);
	}
	diag("%d corpus files, %zu systems", nfiles, nsys);
	ok(nfiles > 0 && bad == 0, "every corpus system gets sane facts");
	for (l = 0; l < sizeof(labels) / sizeof(labels[0]); l++)
		if (seen[l] == 0) {
			snprintf(name, sizeof(name), "labelled system %s [%s] found",
			    labels[l].file, labels[l].ident);
			ok(0, name);
		}
}

/*
 * The seeds read by the real readers, once they are built in: the facts
 * the issue names must come out of the whole import path.
 */
struct seedcase {
	const char	*prefix;	/* seed file name start */
	const char	*ident;
	const char	*facts[8];	/* from notes and identifier */
	/*
	 * From the system table: a flattened export does not mark cell
	 * boundaries, so a reader may leave the fields out (then skipped).
	 */
	const char	*table_facts[8];
};

static const struct seedcase seedcases[] = {
	{ "004_", "Single", { "raid_mode=single", "block_size=4096",
	    "io_scheduler=none", "cpu_governor=ondemand", "filesystem=btrfs" },
	  { "cpu_model=Ryzen 9 5900X",
	    "kernel_version=5.14.0-rc7" } },
	{ "004_", "RAID0", { "raid_mode=raid0", "block_size=4096",
	    "filesystem=btrfs" }, { "disk_count=3" } },
	{ "004_", "RAID1", { "raid_mode=raid1", "io_scheduler=none",
	    "filesystem=btrfs" }, { "disk_count=3" } },
	{ "000_", "Samsung 980 PRO 2TB", { "cpu_governor=powersave",
	    "raid_mode=single" },
	  { "cpu_model=Ryzen 9 7950X", "disk_capacity_gb=[2000]",
	    "kernel_version=6.7.0" } },
	{ "000_", "Samsung 970 EVO Plus 2TB", { "block_size=4096" },
	  { "disk_count=2", "disk_capacity_gb=[2000,123]" } },
	{ "001_", "Desktop", { "cpu_vendor=Intel", "cpu_model=Core i7-7700",
	    "!cpu_max_mhz", "os_name=FreeBSD", "os_version=12.1",
	    "kernel_version=12.1" }, { NULL } },
};

/* The table field a seed fact is derived from ("disk_count" from Disk). */
static const char *
seed_fact_field(const char *fact)
{
	if (fact[0] == '!')
		fact++;
	if (strncmp(fact, "disk_", 5) == 0)
		return "Disk";
	if (strncmp(fact, "cpu_", 4) == 0)
		return "Processor";
	if (strncmp(fact, "kernel_", 7) == 0)
		return "Kernel";
	return NULL;
}

static void
test_seed_files(void)
{
	struct dirent		*de;
	struct result_set	*rs;
	struct read_options	 ro;
	struct diag		 d;
	DIR			*dir;
	char			*path, name[128];
	size_t			 i, k;
	long			 idx;

	if ((dir = opendir(SHARED "/seeds")) == NULL) {
		skip("seed files through the readers", "../shared is absent");
		return;
	}
	while ((de = readdir(dir)) != NULL) {
		if (strncmp(de->d_name, "00", 2) != 0)
			continue;
		path = xasprintf("%s/seeds/%s", SHARED, de->d_name);
		rs = result_set_new();
		diag_clear(&d);
		memset(&ro, 0, sizeof(ro));
		if (format_read_file(path, &ro, rs, &d) != 0) {
			snprintf(name, sizeof(name), "seed %.4s through its reader",
			    de->d_name);
			skip(name, "no reader for it in this build");
			goto next;
		}
		meta_normalize_result_set(rs);
		for (i = 0; i < sizeof(seedcases) / sizeof(seedcases[0]); i++) {
			if (strncmp(de->d_name, seedcases[i].prefix, 4) != 0)
				continue;
			snprintf(name, sizeof(name), "read seed %s [%s]",
			    seedcases[i].prefix, seedcases[i].ident);
			idx = result_set_find_system(rs, seedcases[i].ident);
			ok(idx >= 0, name);
			if (idx < 0)
				continue;
			for (k = 0; k < 8 && seedcases[i].facts[k] != NULL; k++)
				;
			check_facts(&rs->systems[idx], seedcases[i].facts, k, name);
			/*
			 * A fact from a table field the reader left out
			 * (not pinned by a flattened table) is skipped.
			 */
			for (k = 0; k < 8 && seedcases[i].table_facts[k] != NULL; k++) {
				const char	*src = seed_fact_field(
				    seedcases[i].table_facts[k]);

				if (src != NULL && kv_list_get(
				    &rs->systems[idx].fields, src) == NULL)
					skip(name, "the reader gives no such table field");
				else
					check_facts(&rs->systems[idx],
					    &seedcases[i].table_facts[k], 1, name);
			}
		}
	next:
		result_set_free(rs);
		free(path);
	}
	closedir(dir);
}

/*
 * Compiled patterns are kept between matches: one built at run time in a
 * buffer that later holds another pattern is still matched as written.
 */
static void
test_patterns(void)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];
	char		re[32];

	snprintf(re, sizeof(re), "^(performance)$");
	ok(meta_util_match(re, "Performance", m), "a pattern matches (any case)");
	snprintf(re, sizeof(re), "^(powersave)$");
	ok(meta_util_match(re, "powersave", m) &&
	    !meta_util_match(re, "performance", m),
	    "the same buffer with another pattern matches that pattern");
	ok(meta_util_match("^([0-9]+) x ", "2 x 16GB", m) && m[1].rm_eo == 1,
	    "groups are filled");
	ok(meta_util_match("^([0-9]+) x ", "12 x 8GB", m) && m[1].rm_eo == 2,
	    "and filled anew on a pattern met before");
	ok(!meta_util_match("(", "(", m), "a pattern that does not compile never matches");
	ok(!meta_util_match("(", "(", m), "nor the second time");
}

int
main(void)
{
	test_patterns();
	test_rules();
	test_seeds();
	test_provenance();
	test_diff();
	test_corpus();
	test_seed_files();
	xmlCleanupParser();
	return tap_done();
}
