#include "core/risk/RandomizationMode.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <cctype>

namespace rr {

std::string toString(RandomizationMode mode)
{
    switch (mode) {
    case RandomizationMode::QI: return "qi";
    case RandomizationMode::S: return "s";
    case RandomizationMode::Both: return "both";
    }
    return "?";
}

std::string modeLabel(RandomizationMode mode)
{
    switch (mode) {
    case RandomizationMode::QI: return "RR-QI";
    case RandomizationMode::S: return "RR-S";
    case RandomizationMode::Both: return "RR-Both";
    }
    return "?";
}

RandomizationMode parseMode(const std::string& text)
{
    std::string t = text;
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
    if (t == "qi" || t == "rr-qi")
        return RandomizationMode::QI;
    if (t == "s" || t == "rr-s")
        return RandomizationMode::S;
    if (t == "both" || t == "rr-both")
        return RandomizationMode::Both;
    throw InputError("unknown mode '" + text + "' (expected qi, s or both)");
}

bool isRandomized(RandomizationMode mode, int axis, int axisCount)
{
    const bool sensitive = axis == axisCount - 1;
    switch (mode) {
    case RandomizationMode::QI: return !sensitive;
    case RandomizationMode::S: return sensitive;
    case RandomizationMode::Both: return true;
    }
    return false;
}

} // namespace rr
