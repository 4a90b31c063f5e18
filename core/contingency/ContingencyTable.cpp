#include "core/contingency/ContingencyTable.h"

#include "core/contingency/LargeVector.h"
#include "core/data/Errors.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

namespace rr {

std::size_t checkedDomainSize(const std::vector<int>& dims, std::size_t maxCells)
{
    // Checked integer product; past 2^64 the size is only printed, in scientific notation from a long
    // double (a cast of such a value to an integer is undefined: it printed "0 cells").
    std::uint64_t cells = 1;
    bool overflow = false;
    long double approx = 1;
    for (int d : dims) {
        if (d <= 0)
            throw DomainError("an attribute has no categories; a contingency table needs at least one");
        overflow = overflow || __builtin_mul_overflow(cells, static_cast<std::uint64_t>(d), &cells);
        approx *= d;
    }
    if (overflow || cells > maxCells) {
        char size[64], mib[64];
        if (overflow)
            std::snprintf(size, sizeof size, "%.3Lg", approx);
        else
            std::snprintf(size, sizeof size, "%llu", static_cast<unsigned long long>(cells));
        const long double mebibytes = approx * sizeof(double) / (1024.0L * 1024.0L);
        std::snprintf(mib, sizeof mib, mebibytes < 1e15L ? "%.0Lf" : "%.3Lg", mebibytes);
        throw DomainError("the contingency table would have " + std::string(size) + " cells (" + mib +
                          " MiB), over the limit of " + std::to_string(maxCells) +
                          " cells; use fewer attributes or coarser categories");
    }
    return static_cast<std::size_t>(cells);
}

namespace {

std::vector<std::size_t> stridesOf(const std::vector<int>& dims)
{
    std::vector<std::size_t> strides(dims.size(), 1);
    for (int i = static_cast<int>(dims.size()) - 2; i >= 0; --i)
        strides[i] = strides[i + 1] * static_cast<std::size_t>(dims[i + 1]);
    return strides;
}

} // namespace

ContingencyTable::ContingencyTable(std::vector<int> dims, std::vector<std::string> names, std::size_t maxCells,
                                   const std::function<bool()>& keepRunning)
    : m_dims(std::move(dims)), m_strides(stridesOf(m_dims)), m_names(std::move(names))
{
    const std::size_t cells = checkedDomainSize(m_dims, maxCells);
    zeroedOnHugePages(m_counts, static_cast<Eigen::Index>(cells), keepRunning);
    if (m_names.size() < m_dims.size())
        m_names.resize(m_dims.size());
}

ContingencyTable::ContingencyTable(std::vector<int> dims, std::vector<std::string> names, Eigen::VectorXd counts)
    : m_dims(std::move(dims)), m_strides(stridesOf(m_dims)), m_names(std::move(names)), m_counts(std::move(counts))
{
    const std::size_t cells = checkedDomainSize(m_dims, std::numeric_limits<std::size_t>::max());
    if (cells != static_cast<std::size_t>(m_counts.size()))
        throw InputError("a contingency table over " + std::to_string(cells) + " cells was given " +
                         std::to_string(m_counts.size()) + " counts");
    if (m_names.size() < m_dims.size())
        m_names.resize(m_dims.size());
}

Eigen::VectorXd ContingencyTable::proportions() const
{
    const double t = total();
    if (t <= 0)
        return Eigen::VectorXd::Zero(m_counts.size());
    return m_counts / t;
}

std::size_t ContingencyTable::index(const std::vector<int>& coords) const
{
    std::size_t idx = 0;
    for (std::size_t i = 0; i < m_dims.size(); ++i)
        idx += m_strides[i] * static_cast<std::size_t>(coords[i]);
    return idx;
}

std::vector<int> ContingencyTable::coordinates(std::size_t index) const
{
    std::vector<int> c(m_dims.size());
    for (std::size_t i = 0; i < m_dims.size(); ++i) {
        c[i] = static_cast<int>(index / m_strides[i]);
        index %= m_strides[i];
    }
    return c;
}

ContingencyTable ContingencyTable::marginal(const std::vector<int>& keepAxes) const
{
    std::vector<int> dims;
    std::vector<std::string> names;
    for (int a : keepAxes) {
        if (a < 0 || a >= rank())
            throw InputError("marginal: axis " + std::to_string(a) + " out of range");
        dims.push_back(m_dims[a]);
        names.push_back(m_names[a]);
    }
    ContingencyTable out(dims, names);
    const std::size_t n = cellCount();
    std::vector<int> c(m_dims.size(), 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (m_counts[static_cast<Eigen::Index>(i)] != 0) {
            std::size_t j = 0;
            for (std::size_t k = 0; k < keepAxes.size(); ++k)
                j += out.m_strides[k] * static_cast<std::size_t>(c[keepAxes[k]]);
            out.m_counts[static_cast<Eigen::Index>(j)] += m_counts[static_cast<Eigen::Index>(i)];
        }
        // Advance the odometer (last axis fastest).
        for (int a = rank() - 1; a >= 0; --a) {
            if (++c[a] < m_dims[a])
                break;
            c[a] = 0;
        }
    }
    return out;
}

ContingencyTable buildContingency(const Table& table, const std::vector<int>& attributes,
                                  const std::vector<uint32_t>& rows, std::size_t maxCells)
{
    std::vector<int> dims;
    std::vector<std::string> names;
    for (int a : attributes) {
        dims.push_back(table.attributes.at(a).domainSize());
        names.push_back(table.attributes[a].name);
    }
    ContingencyTable ct(dims, names, maxCells);
    const auto& strides = ct.strides();
    auto& counts = ct.counts();
    for (uint32_t r : rows) {
        std::size_t idx = 0;
        bool ok = true;
        for (std::size_t k = 0; k < attributes.size(); ++k) {
            const int32_t code = table.attributes[attributes[k]].codes[r];
            if (code < 0) {
                ok = false;
                break;
            }
            idx += strides[k] * static_cast<std::size_t>(code);
        }
        if (!ok)
            throw InputError("row " + std::to_string(r + 1) +
                             " has a missing value in a used attribute; "
                             "select rows first");
        counts[static_cast<Eigen::Index>(idx)] += table.weight(r);
    }
    return ct;
}

} // namespace rr
