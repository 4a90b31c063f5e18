#include "ui/panels/AttributePanel.h"

#include "core/datasource/BinnedSource.h"
#include "core/analysis/PreparedAnalysis.h"
#include "ui/charts/ChartStyle.h"
#include "ui/models/AttributeModel.h"
#include "ui/session/AnalysisState.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace rr::ui {
namespace {

// A combo box for the role column, committed as soon as a role is picked.
class RoleDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* box = new QComboBox(parent);
        for (Role r : {Role::QuasiIdentifier, Role::Sensitive, Role::AlsoSensitive, Role::Known, Role::Ignored})
            box->addItem(AttributeModel::roleName(r), static_cast<int>(r));
        connect(box, &QComboBox::activated, this,
                [this, box](int) { emit const_cast<RoleDelegate*>(this)->commitData(box); });
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        auto* box = static_cast<QComboBox*>(editor);
        box->setEnabled(index.flags().testFlag(Qt::ItemIsEditable)); // an attribute to bin first takes no role
        box->setToolTip(index.data(Qt::ToolTipRole).toString());
        if (auto* items = qobject_cast<QStandardItemModel*>(box->model())) {
            QStandardItem* known = items->item(box->findData(static_cast<int>(Role::Known)));
            const bool available = index.data(AttributeModel::KnownAvailableRole).toBool();
            known->setEnabled(available);
            known->setToolTip(available ? QObject::tr("Known to the attackers of every further sensitive attribute "
                                                      "(right-click to choose which)")
                                        : QObject::tr("Mark an attribute 'also sensitive' first: 'known' says what "
                                                      "its attacker knows besides the quasi-identifiers"));
        }
        const int i = box->findData(index.data(Qt::EditRole).toInt());
        if (i != box->currentIndex())
            box->setCurrentIndex(i);
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        model->setData(index, static_cast<QComboBox*>(editor)->currentData(), Qt::EditRole);
    }
};

} // namespace

AttributePanel::AttributePanel(AnalysisState* state, QWidget* parent) : QWidget(parent), m_state(state)
{
    m_model = new AttributeModel(state, this);
    m_view = new QTableView;
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Attributes and their roles"));
    m_view->setItemDelegateForColumn(AttributeModel::RoleColumn, new RoleDelegate(m_view));
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 12);
    // Names always whole (a narrow panel scrolls rather than cut "education" and "education-num" alike).
    m_view->horizontalHeader()->setSectionResizeMode(AttributeModel::Name, QHeaderView::ResizeToContents);
    // Counts whole too, the role as wide as its longest choice; a panel narrower than all that scrolls.
    m_view->horizontalHeader()->setSectionResizeMode(AttributeModel::Categories, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(AttributeModel::Missing, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(AttributeModel::RoleColumn, QHeaderView::Fixed);
    m_view->horizontalHeader()->resizeSection(AttributeModel::RoleColumn,
                                              fontMetrics().horizontalAdvance(tr("also sensitive")) + 48);
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setObjectName("attributeTable");
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const QModelIndex index = m_view->indexAt(at);
        if (!index.isValid())
            return;
        QMenu* menu = contextMenuFor(index.row(), this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_view->viewport()->mapToGlobal(at));
    });

    m_policy = new QComboBox;
    m_policy->addItem(tr("Drop records with any missing value"), static_cast<int>(MissingPolicy::DropIncomplete));
    m_policy->addItem(tr("Drop records missing a used value"), static_cast<int>(MissingPolicy::DropIfUsedMissing));
    m_policy->setToolTip(tr("Which records the analysis keeps. The dissertation drops every incomplete record "
                            "(45,222 of Adult's 48,842)."));
    m_summary = new QLabel;
    m_summary->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_view, 1);
    auto* policyLabel = new QLabel(tr("Missing values:"));
    layout->addWidget(policyLabel);
    layout->addWidget(m_policy);
    layout->addWidget(m_summary);

    connect(m_policy, &QComboBox::activated, this, [this](int) {
        AnalysisSpec s = m_state->spec();
        s.policy = static_cast<MissingPolicy>(m_policy->currentData().toInt());
        m_state->setSpec(s);
    });
    connect(m_state, &AnalysisState::specChanged, this, &AttributePanel::syncFromState);
}

int AttributePanel::wholeWidth() const
{
    const QHeaderView* header = m_view->horizontalHeader();
    int columns = 0;
    for (int c = 0; c < header->count(); ++c)
        columns += std::max(header->sectionSizeHint(c), static_cast<const QAbstractItemView*>(m_view)->sizeHintForColumn(c));
    const QMargins margins = layout()->contentsMargins();
    return columns + 2 * m_view->frameWidth() + m_view->verticalScrollBar()->sizeHint().width() + margins.left() +
           margins.right();
}

QMenu* AttributePanel::contextMenuFor(int row, QWidget* parent)
{
    auto* menu = new QMenu(parent);
    const QString name = m_model->name(row);
    const auto* binned = dynamic_cast<const BinnedSource*>(m_source.get());
    const bool isBinned = binned && binned->binningOf(name.toStdString());
    const bool numeric = m_source && numericProfile(unbinned(*m_source).summary().attribute(name.toStdString())).numeric;
    QAction* rename = menu->addAction(tr("Rename %1\u2026").arg(name));
    rename->setObjectName("renameAction");
    connect(rename, &QAction::triggered, this, [this, name] { emit renameRequested(name); });
    QAction* bin = menu->addAction(isBinned ? tr("Change bins of %1…").arg(name) : tr("Bin %1…").arg(name));
    bin->setObjectName("binAction");
    bin->setEnabled(numeric || isBinned);
    if (!bin->isEnabled())
        bin->setToolTip(tr("%1 is not numeric").arg(name));
    connect(bin, &QAction::triggered, this, [this, name] { emit binRequested(name); });
    if (isBinned) {
        QAction* remove = menu->addAction(tr("Remove bins of %1").arg(name));
        remove->setObjectName("unbinAction");
        connect(remove, &QAction::triggered, this, [this, name] { emit unbinRequested(name); });
    }
    // What the attacker of each further sensitive attribute knows (issue 22); a QI is known to every attacker.
    const AnalysisSpec& spec = m_state->spec();
    const Role role = m_model->roleOf(row);
    if (!spec.alsoSensitive.empty() && role != Role::QuasiIdentifier) {
        menu->addSeparator();
        for (const SensitiveTarget& t : spec.alsoSensitive) {
            if (t.attribute == name.toStdString())
                continue;
            const bool known = std::find(t.knows.begin(), t.knows.end(), name.toStdString()) != t.knows.end();
            QAction* a = menu->addAction(tr("Known to an attacker targeting %1").arg(QString::fromStdString(t.attribute)));
            a->setObjectName("knownTo_" + QString::fromStdString(t.attribute));
            a->setCheckable(true);
            a->setChecked(known);
            connect(a, &QAction::toggled, this, [this, row, target = t.attribute](bool on) {
                m_state->setSpec(m_model->specWithKnown(row, target, on));
            });
        }
    }
    return menu;
}

void AttributePanel::setSource(std::shared_ptr<const DataSource> source)
{
    m_source = source;
    m_model->setSource(std::move(source));
    for (int r = 0; r < m_model->rowCount(); ++r)
        m_view->openPersistentEditor(m_model->index(r, AttributeModel::RoleColumn));
    syncFromState();
}

void AttributePanel::setAnalysis(std::shared_ptr<const PreparedAnalysis> a)
{
    m_model->setAnalysis(a);
    if (!a) {
        m_summary->setText(tr("No analysis: choose at least one QI and one sensitive attribute."));
        return;
    }
    m_summary->setText(tr("%1 of %2 records analysed (%3 dropped); joint domain D = %4 cells.")
                           .arg(style::count(a->records), style::count(static_cast<double>(a->loadedRows)),
                                style::count(static_cast<double>(a->droppedRows)),
                                style::count(static_cast<double>(a->joint.cellCount()))));
}

void AttributePanel::syncFromState()
{
    m_model->refreshRoles();
    const int i = m_policy->findData(static_cast<int>(m_state->spec().policy));
    m_policy->setCurrentIndex(i);
}

} // namespace rr::ui
