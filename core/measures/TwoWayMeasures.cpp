#include "core/measures/TwoWayMeasures.h"

namespace rr {

namespace {

// "ij" for small indices, "(i,j)" otherwise; '+' for a summed index (-1).
std::string indexPair(int i, int j)
{
    const auto part = [](int k) { return k < 0 ? std::string("+") : std::to_string(k); };
    std::string s;
    const bool compact = i < 10 && j < 10;
    if (!compact)
        s.push_back('(');
    s.append(part(i));
    if (!compact)
        s.push_back(',');
    s.append(part(j));
    if (!compact)
        s.push_back(')');
    return s;
}

} // namespace

std::string cellName(int i, int j)
{
    return "pi_" + indexPair(i, j);
}

std::string rowTotalName(int i)
{
    return "pi_" + indexPair(i, -1);
}

std::string columnTotalName(int j)
{
    return "pi_" + indexPair(-1, j);
}

} // namespace rr
