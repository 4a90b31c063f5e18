#pragma once
// The analysed part of a loaded table: roles, the joint (QI..., S) contingency table and a
// disclosure-risk model prototype. Plain C++ (no Qt), built off the GUI thread.
#include "core/contingency/ContingencyTable.h"
#include "core/data/Table.h"
#include "core/distortion/DistortionMatrix.h"
#include "core/risk/DisclosureRisk.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rr::ui {

enum class Role { Ignored, QuasiIdentifier, Sensitive };

// Which attributes the analysis uses and which records it keeps.
struct AnalysisSpec {
    std::vector<std::string> quasiIdentifiers;
    std::string sensitive;
    MissingPolicy policy = MissingPolicy::DropIncomplete;

    // QIs then S: the axes of the joint table.
    std::vector<std::string> analysed() const;
    bool operator==(const AnalysisSpec&) const = default;
};

// The dissertation's EMGRW roles on Adult (003 Table 5.2), or a plain default for other tables:
// the last attribute with 2..64 categories as S, up to four other small attributes as QIs.
AnalysisSpec defaultSpec(const Table& table);

struct PreparedAnalysis {
    explicit PreparedAnalysis(ContingencyTable jointTable);

    AnalysisSpec spec;
    std::vector<std::string> names;                   // axes: QIs, then S
    std::vector<std::vector<std::string>> categories; // present categories per axis
    std::vector<int> dims;
    ContingencyTable joint;
    DisclosureRiskModel model; // prototype: copy it per worker thread
    double records = 0;        // analysed records (weighted)
    std::size_t loadedRows = 0;
    std::size_t droppedRows = 0;
    std::vector<std::uint8_t> rowUsed; // per loaded row: 1 if analysed

    int axisCount() const { return static_cast<int>(dims.size()); }
    int sensitiveAxis() const { return axisCount() - 1; }
    // Axis of an attribute name, or -1.
    int axisOf(const std::string& name) const;
    // Warner matrices for one p per axis.
    std::vector<DistortionMatrix> matrices(const std::vector<double>& p) const;
    // QI matrices and the S matrix separately (the risk model's arguments).
    std::vector<DistortionMatrix> qiMatrices(const std::vector<double>& p) const;
    DistortionMatrix sensitiveMatrix(const std::vector<double>& p) const;
    // Labels of one cell of a marginal over `axes` ("Bachelors | Male").
    std::string cellLabel(const std::vector<int>& axes, std::size_t cell) const;
    // Values of a joint cell, one per axis.
    std::vector<std::string> cellValues(std::size_t jointCell) const;
};

// Selects the records (missing policy), keeps only categories present in them, builds the joint
// table. Throws InputError (unknown attribute, no QI, no S, a role twice, no records left, a
// domain too large) with a message naming the problem.
std::shared_ptr<const PreparedAnalysis> prepareAnalysis(const Table& table, const AnalysisSpec& spec);

// Is an axis randomized in this mode? (QI axes in RR-QI and RR-Both, S in RR-S and RR-Both.)
bool axisInMode(RandomizationMode mode, int axis, int axisCount);

// The smallest retention probability the sliders offer: the first multiple of 0.001 above 1/d.
double minimumRetention(int d);
// p kept inside (1/d, 1]: values at or below 1/d become minimumRetention(d); NaN becomes 1.
double clampRetention(int d, double p);

} // namespace rr::ui
