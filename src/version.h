/* SPDX-License-Identifier: ISC */
#ifndef BENCHREPORT_VERSION_H
#define BENCHREPORT_VERSION_H

#define BENCHREPORT_VERSION	"0.1.0"

#endif
