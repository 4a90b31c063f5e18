#pragma once
#include "core/data/Table.h"
#include "core/data/TotalCount.h"

#include <Eigen/Core>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rr {

// Dense N-d table of counts over the product of attribute domains.
// Cells are in row-major order (last attribute varies fastest), the order of
// vec(.) under P_1 x ... x P_k (003 Lemma 3), so cell (0,1) of a 2x2 table is index 1.
class ContingencyTable {
public:
    // Refuses domains over this many cells (about 512 MiB of doubles) unless told otherwise.
    static constexpr std::size_t kDefaultMaxCells = std::size_t(1) << 26;

    ContingencyTable() = default;
    // Zero table with these dimensions. Throws DomainError if the domain is too large, Cancelled when
    // keepRunning says stop while the cells are faulted in.
    explicit ContingencyTable(std::vector<int> dims, std::vector<std::string> names = {},
                              std::size_t maxCells = kDefaultMaxCells, const std::function<bool()>& keepRunning = {});
    // A table holding `counts`, one per cell of `dims` (InputError otherwise).
    ContingencyTable(std::vector<int> dims, std::vector<std::string> names, Eigen::VectorXd counts);

    const std::vector<int>& dims() const { return m_dims; }
    const std::vector<std::size_t>& strides() const { return m_strides; }
    const std::vector<std::string>& names() const { return m_names; }
    int rank() const { return static_cast<int>(m_dims.size()); }
    std::size_t cellCount() const { return static_cast<std::size_t>(m_counts.size()); }

    Eigen::VectorXd& counts() { return m_counts; }
    const Eigen::VectorXd& counts() const { return m_counts; }
    double total() const { return m_counts.sum(); }
    // Counts divided by the total (all zero when the table is empty).
    Eigen::VectorXd proportions() const;

    std::size_t index(const std::vector<int>& coords) const;
    std::vector<int> coordinates(std::size_t index) const;

    // Table over the kept axes (in the given order), summing out the others.
    ContingencyTable marginal(const std::vector<int>& keepAxes) const;

private:
    std::vector<int> m_dims;
    std::vector<std::size_t> m_strides;
    std::vector<std::string> m_names;
    Eigen::VectorXd m_counts;
};

// Number of cells of the product domain; throws DomainError (with the size) past maxCells.
std::size_t checkedDomainSize(const std::vector<int>& dims, std::size_t maxCells = ContingencyTable::kDefaultMaxCells);

// Counts (weighted by the table's weights) of the selected rows over the given attributes.
ContingencyTable buildContingency(const Table& table, const std::vector<int>& attributes,
                                  const std::vector<uint32_t>& rows,
                                  std::size_t maxCells = ContingencyTable::kDefaultMaxCells);

} // namespace rr
