#pragma once
// One row per attribute of the open source: name, categories, missing values, role.
// The role column is editable (QI / sensitive / ignored); edits go to the analysis state.
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"
#include "core/analysis/PreparedAnalysis.h"
#include "core/data/Binning.h"

#include <QAbstractTableModel>

#include <memory>

namespace rr::ui {

class AnalysisState;

// What an attribute is to the analysis. AlsoSensitive: a further sensitive attribute; Known: known to the attackers
// of the further sensitive attributes besides the QIs (issue 22).
enum class Role { Ignored, QuasiIdentifier, Sensitive, AlsoSensitive, Known };

class AttributeModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Categories, Missing, RoleColumn, ColumnCount };
    // data(): whether the role "known" can be chosen (some attribute is also sensitive).
    static constexpr int KnownAvailableRole = Qt::UserRole + 1;

    explicit AttributeModel(AnalysisState* state, QObject* parent = nullptr);
    void setSource(std::shared_ptr<const DataSource> source);
    // The analysis's domains: an attribute whose analysed d differs from its categories in the file (a
    // category only in records the missing-value policy drops) says so, as the slider counts d.
    void setAnalysis(std::shared_ptr<const PreparedAnalysis> analysis);
    void refreshRoles();
    // Categories of an attribute absent from the analysed records (empty when it is not analysed).
    QStringList categoriesNotAnalysed(int row) const;

    // A numeric attribute with many values (core's numericProfile): not analysable until binned, so it
    // takes no QI or sensitive role (issue 21).
    bool needsBinning(int row) const;
    QString name(int row) const;

    Role roleOf(int row) const;
    static QString roleName(Role role);
    // The spec after giving attribute `row` a role (the previous sensitive one becomes ignored). Known: known to the
    // attackers of every further sensitive attribute (none: the spec is unchanged).
    AnalysisSpec specWithRole(int row, Role role) const;
    // The spec with attribute `row` known, or not, to attackers targeting `target` (a further sensitive attribute).
    AnalysisSpec specWithKnown(int row, const std::string& target, bool known) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant displayData(const QModelIndex& index, int role) const;
    QString attributeToolTip(const QModelIndex& index) const;
    const AttributeSummary& attribute(int row) const;
    int rowOf(const std::string& name) const;

    AnalysisState* m_state;
    std::shared_ptr<const DataSource> m_source;
    std::shared_ptr<const PreparedAnalysis> m_analysis;
    std::vector<NumericProfile> m_numeric; // per row, computed once per source
};

} // namespace rr::ui
