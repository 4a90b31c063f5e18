#include "ui/models/AttributeModel.h"

#include "ui/session/AnalysisState.h"

#include <QBrush>
#include <QColor>
#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace rr::ui {

AttributeModel::AttributeModel(AnalysisState* state, QObject* parent) : QAbstractTableModel(parent), m_state(state) {}

void AttributeModel::setSource(std::shared_ptr<const DataSource> source)
{
    beginResetModel();
    m_source = std::move(source);
    m_analysis.reset();
    m_numeric.clear();
    if (m_source)
        for (const AttributeSummary& a : m_source->summary().attributes)
            m_numeric.push_back(numericProfile(a.categories));
    endResetModel();
}

const AttributeSummary& AttributeModel::attribute(int row) const
{
    return m_source->summary().attributes[static_cast<std::size_t>(row)];
}

int AttributeModel::rowOf(const std::string& name) const
{
    for (int r = 0; r < rowCount(); ++r)
        if (attribute(r).name == name)
            return r;
    return -1;
}

void AttributeModel::refreshRoles()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

bool AttributeModel::needsBinning(int row) const
{
    return row >= 0 && static_cast<std::size_t>(row) < m_numeric.size() && m_numeric[static_cast<std::size_t>(row)].needsBinning;
}

QString AttributeModel::name(int row) const
{
    return QString::fromStdString(attribute(row).name);
}

namespace {

bool contains(const std::vector<std::string>& v, const std::string& x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

// The further sensitive attributes whose attackers know `name`.
QStringList knownTo(const AnalysisSpec& s, const std::string& name)
{
    QStringList out;
    for (const SensitiveTarget& t : s.alsoSensitive)
        if (contains(t.knows, name))
            out << QString::fromStdString(t.attribute);
    return out;
}

} // namespace

Role AttributeModel::roleOf(int row) const
{
    const std::string& name = attribute(row).name;
    const AnalysisSpec& s = m_state->spec();
    if (s.sensitive == name)
        return Role::Sensitive;
    if (contains(s.quasiIdentifiers, name))
        return Role::QuasiIdentifier;
    for (const SensitiveTarget& t : s.alsoSensitive)
        if (t.attribute == name)
            return Role::AlsoSensitive;
    if (!knownTo(s, name).isEmpty())
        return Role::Known;
    return Role::Ignored;
}

QString AttributeModel::roleName(Role role)
{
    switch (role) {
    case Role::QuasiIdentifier: return tr("QI");
    case Role::Sensitive: return tr("sensitive");
    case Role::AlsoSensitive: return tr("also sensitive");
    case Role::Known: return tr("known");
    case Role::Ignored: return tr("ignored");
    }
    return {};
}

AnalysisSpec AttributeModel::specWithRole(int row, Role role) const
{
    AnalysisSpec s = m_state->spec();
    const std::string& name = attribute(row).name;
    if (role == Role::Known && s.alsoSensitive.empty())
        return s;
    auto& qi = s.quasiIdentifiers;
    qi.erase(std::remove(qi.begin(), qi.end(), name), qi.end());
    if (s.sensitive == name)
        s.sensitive.clear();
    auto& also = s.alsoSensitive;
    also.erase(std::remove_if(also.begin(), also.end(), [&](const SensitiveTarget& t) { return t.attribute == name; }),
               also.end());
    for (SensitiveTarget& t : also)
        t.knows.erase(std::remove(t.knows.begin(), t.knows.end(), name), t.knows.end());
    if (role == Role::AlsoSensitive) {
        also.push_back({name, {}});
    } else if (role == Role::Known) {
        for (SensitiveTarget& t : also)
            t.knows.push_back(name);
    } else if (role == Role::QuasiIdentifier) {
        // Keep the table's column order among QIs.
        qi.push_back(name);
        std::stable_sort(qi.begin(), qi.end(),
                         [&](const std::string& a, const std::string& b) { return rowOf(a) < rowOf(b); });
    } else if (role == Role::Sensitive) {
        s.sensitive = name;
    }
    return s;
}

AnalysisSpec AttributeModel::specWithKnown(int row, const std::string& target, bool known) const
{
    AnalysisSpec s = m_state->spec();
    const std::string& name = attribute(row).name;
    for (SensitiveTarget& t : s.alsoSensitive) {
        if (t.attribute != target || name == target)
            continue;
        t.knows.erase(std::remove(t.knows.begin(), t.knows.end(), name), t.knows.end());
        if (known)
            t.knows.push_back(name);
    }
    return s;
}

int AttributeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_source ? 0 : static_cast<int>(m_source->summary().attributes.size());
}

void AttributeModel::setAnalysis(std::shared_ptr<const PreparedAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    if (rowCount() > 0)
        emit dataChanged(index(0, Categories), index(rowCount() - 1, Categories));
}

QStringList AttributeModel::categoriesNotAnalysed(int row) const
{
    if (!m_analysis || !m_source)
        return {};
    const AttributeSummary& a = attribute(row);
    const int axis = m_analysis->axisOf(a.name);
    if (axis < 0)
        return {};
    const auto& kept = m_analysis->categories[static_cast<std::size_t>(axis)];
    QStringList out;
    for (const std::string& c : a.categories)
        if (std::find(kept.begin(), kept.end(), c) == kept.end())
            out << QString::fromStdString(c);
    return out;
}

int AttributeModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttributeModel::data(const QModelIndex& index, int role) const
{
    if (!m_source || !index.isValid())
        return {};
    const AttributeSummary& a = attribute(index.row());
    const Role r = roleOf(index.row());
    if (role == Qt::DisplayRole || role == Qt::EditRole)
        return displayData(index, role);
    if (role == KnownAvailableRole)
        return !m_state->spec().alsoSensitive.empty();
    if (role == Qt::TextAlignmentRole && (index.column() == Categories || index.column() == Missing))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == RoleColumn) {
        if (r == Role::Sensitive || r == Role::AlsoSensitive)
            return QBrush(QColor(0xB0, 0x3A, 0x00));
        if (r == Role::Known)
            return QBrush(QColor(0x6A, 0x3D, 0x9A));
        if (r == Role::QuasiIdentifier)
            return QBrush(QColor(0x00, 0x5A, 0x9C));
        return QBrush(QColor(120, 120, 120));
    }
    if (role == Qt::ForegroundRole && needsBinning(index.row()))
        return QBrush(QColor(140, 140, 140));
    if (role == Qt::ToolTipRole && needsBinning(index.row()))
        return tr("%1 is numeric with %2 distinct values: not analysable as categories until it is binned. "
                  "Right-click it and choose Bin… (cut points, equal width or quantiles).")
            .arg(QString::fromStdString(a.name))
            .arg(m_numeric[static_cast<std::size_t>(index.row())].distinct);
    if (role == Qt::ToolTipRole)
        return attributeToolTip(index);
    return {};
}

// The name, categories (or "bin"), missing values and role as shown and as edited.
QVariant AttributeModel::displayData(const QModelIndex& index, int role) const
{
    const AttributeSummary& a = attribute(index.row());
    const int categories = static_cast<int>(a.categories.size());
    const Role r = roleOf(index.row());
    switch (index.column()) {
    case Name: return QString::fromStdString(a.name);
    case Categories: {
        if (needsBinning(index.row()) && role == Qt::DisplayRole)
            return tr("bin (%1)").arg(QLocale().toString(
                static_cast<qlonglong>(m_numeric[static_cast<std::size_t>(index.row())].distinct)));
        const int notAnalysed = static_cast<int>(categoriesNotAnalysed(index.row()).size());
        if (notAnalysed == 0 || role == Qt::EditRole)
            return categories;
        return tr("%1 (d=%2)").arg(categories).arg(categories - notAnalysed);
    }
    case Missing: return QLocale().toString(a.missing, 'f', 0);
    case RoleColumn: return role == Qt::EditRole ? QVariant(static_cast<int>(r)) : QVariant(roleName(r));
    default: return {};
    }
}

// An attribute's tooltip: its label, counts, who knows it, whether it is also sensitive, the categories dropped.
QString AttributeModel::attributeToolTip(const QModelIndex& index) const
{
    const AttributeSummary& a = attribute(index.row());
    const int categories = static_cast<int>(a.categories.size());
    const std::string label = m_source ? m_source->attributeLabel(a.name) : std::string();
    QString tip = tr("%1: %2 categories, %3 missing values (not a category). Double-click the role to change it.")
                      .arg(QString::fromStdString(label.empty() ? a.name : a.name + " (" + label + ")"))
                      .arg(categories)
                      .arg(QLocale().toString(a.missing, 'f', 0));
    const AnalysisSpec& spec = m_state->spec();
    if (const QStringList to = knownTo(spec, a.name); !to.isEmpty())
        tip += tr("\nKnown to an attacker targeting %1, besides the quasi-identifiers.").arg(to.join(", "));
    for (const SensitiveTarget& t : spec.alsoSensitive) {
        if (t.attribute != a.name)
            continue;
        QStringList judged{tr("the quasi-identifiers")};
        for (const std::string& k : t.knows)
            judged << QString::fromStdString(k);
        tip += tr("\nAlso sensitive: its risk is judged over %1 and itself. Right-click another attribute to say "
                  "that its attacker knows it.")
                   .arg(judged.join(", "));
    }
    const QStringList absent = categoriesNotAnalysed(index.row());
    if (!absent.isEmpty())
        tip += tr("\n%1 occurs only in records the missing-value policy drops: the analysis and the p slider "
                  "count d = %2.")
                   .arg(absent.join(", "))
                   .arg(categories - absent.size());
    return tip;
}

bool AttributeModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!m_source || role != Qt::EditRole || index.column() != RoleColumn)
        return false;
    const Role r = static_cast<Role>(value.toInt());
    if (r == roleOf(index.row()) || (r != Role::Ignored && needsBinning(index.row())))
        return false;
    AnalysisSpec next = specWithRole(index.row(), r);
    if (next == m_state->spec()) { // "known" with no further sensitive attribute: nothing to know it for
        emit dataChanged(index, index);
        return false;
    }
    m_state->setSpec(next);
    return true;
}

Qt::ItemFlags AttributeModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    // An attribute to bin first keeps no role; one it already has (an older session) may be taken off.
    if (index.column() == RoleColumn && (!needsBinning(index.row()) || roleOf(index.row()) != Role::Ignored))
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant AttributeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name: return tr("Attribute");
    case Categories: return tr("Categories");
    case Missing: return tr("Missing");
    case RoleColumn: return tr("Role");
    default: return {};
    }
}

} // namespace rr::ui
