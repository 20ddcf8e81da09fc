/* SPDX-License-Identifier: ISC */
/*
 * Normalisation rules for storage: disk_count, disk_models,
 * disk_capacity_gb, filesystem, raid_mode, mount_options, block_size,
 * io_scheduler. RAID mode is read from every place it shows; meta.c
 * orders these rules from explicit statements to weak inferences.
 * Ownership: extractors borrow raw and write through the emitter.
 */
#ifndef BENCHREPORT_META_DISK_H
#define BENCHREPORT_META_DISK_H

#include "meta-util.h"

/* "2 x 1000GB Western Digital ... + 123GB SanDisk 3.2Gen1": count, models, capacities. */
void	 meta_disk_list(const char *raw, struct meta_emit *e);
/* nvmecontrol/smartctl "Model Number": one model, count unknown. */
void	 meta_disk_model_number(const char *raw, struct meta_emit *e);
/* A stated RAID level anywhere in raw ("RAID1", "raid10", "md0 : active raid5"). */
void	 meta_disk_raid_level(const char *raw, struct meta_emit *e);
/*
 * A detected layout ("raid" note of the runner): an md level or a btrfs
 * data profile: "raid1", "raid10", "linear" (jbod), "single", "dup".
 */
void	 meta_disk_raid_note(const char *raw, struct meta_emit *e);
/* Disk Details: "NONE / relatime,rw / RAID0 Block Size: 4096" (scheduler, options, RAID, block size). */
void	 meta_disk_details(const char *raw, struct meta_emit *e);
/* Disk Details naming a block size and no RAID level: PTS saw a plain device. */
void	 meta_disk_details_single(const char *raw, struct meta_emit *e);
/* An md device ("md127", "/dev/md0") without a level: RAID of unknown level. */
void	 meta_disk_md(const char *raw, struct meta_emit *e);
/* A system identifier that says "Single" (disk): raid_mode single. */
void	 meta_disk_identifier_single(const char *raw, struct meta_emit *e);
/* A disk string listing exactly one disk: raid_mode single. */
void	 meta_disk_single(const char *raw, struct meta_emit *e);
/* A File-System field: "ext4", "btrfs", "zfs". */
void	 meta_disk_filesystem(const char *raw, struct meta_emit *e);
/*
 * Mount options only one filesystem has ("subvolid=", "space_cache":
 * btrfs), in a mount-options or Disk Details note, name the filesystem.
 */
void	 meta_disk_fs_from_options(const char *raw, struct meta_emit *e);
/* A disk-scheduler note: "NONE", "[mq-deadline] none". */
void	 meta_disk_scheduler(const char *raw, struct meta_emit *e);
/* A disk-mount-options note: "relatime,rw". */
void	 meta_disk_mount_options(const char *raw, struct meta_emit *e);

#endif
