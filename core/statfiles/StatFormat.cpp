#include "core/statfiles/StatFormat.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cctype>

namespace rr {
namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace

std::optional<StatFormat> statFormatOfPath(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return std::nullopt;
    const std::string ext = lower(path.substr(dot + 1));
    if (ext == "csv" || ext == "txt" || ext == "tsv")
        return std::nullopt;
    try {
        return statFormatNamed(ext);
    } catch (const InputError&) {
        return std::nullopt; // any other extension: read as CSV, as before
    }
}

std::optional<StatFormat> statFormatNamed(const std::string& name)
{
    const std::string n = lower(name);
    if (n == "sav" || n == "zsav")
        return StatFormat::Sav;
    if (n == "por")
        return StatFormat::Por;
    if (n == "dta")
        return StatFormat::Dta;
    if (n == "sas7bdat")
        return StatFormat::Sas7bdat;
    if (n == "xpt" || n == "xport")
        return StatFormat::Xport;
    if (n == "csv")
        return std::nullopt;
    throw InputError("unknown data format '" + name + "' (known: csv, sav, zsav, por, dta, sas7bdat, xpt)");
}

std::string statFormatTitle(StatFormat format)
{
    switch (format) {
    case StatFormat::Sav:
        return "SPSS .sav";
    case StatFormat::Por:
        return "SPSS .por";
    case StatFormat::Dta:
        return "Stata .dta";
    case StatFormat::Sas7bdat:
        return "SAS .sas7bdat";
    case StatFormat::Xport:
        return "SAS transport .xpt";
    }
    return "statistical file";
}

} // namespace rr
