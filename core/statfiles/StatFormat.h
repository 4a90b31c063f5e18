#pragma once
// The statistical file formats ReadStat reads, and which one a file is (by its extension or by name).
#include <optional>
#include <string>

namespace rr {

enum class StatFormat { Sav, Por, Dta, Sas7bdat, Xport };

// ".sav"/".zsav" -> Sav, ".por" -> Por, ".dta" -> Dta, ".sas7bdat" -> Sas7bdat, ".xpt" -> Xport (any case);
// nothing for any other file (a CSV file).
std::optional<StatFormat> statFormatOfPath(const std::string& path);
// "sav", "zsav", "por", "dta", "sas7bdat", "xpt"/"xport"; nothing for "csv". InputError for any other name.
std::optional<StatFormat> statFormatNamed(const std::string& name);
// "SPSS .sav", "Stata .dta", ...: for messages.
std::string statFormatTitle(StatFormat format);

} // namespace rr
