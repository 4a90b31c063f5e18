#include "ui/texts/CoreTexts.h"
#include "ui/measures/RulesView.h"

#include "core/datasource/DataSource.h"
#include "core/data/Binning.h"
#include "core/data/Errors.h"
#include "ui/charts/ChartStyle.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/document/Workspace.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesChart.h"
#include "ui/texts/Citations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rr::ui {

void RulesView::stopWork()
{
    m_task->cancel();
}

void RulesView::addToReport(ReportParts& parts)
{
    AnalysisView::addToReport(parts);
    parts.sections << reportSection();
}
namespace {

// Attributes with more categories are not offered as items (each category would be one item).
constexpr std::size_t kMaxItemCategories = 16;
// Items offered checked when a table of 0/1 columns is opened (COIL's A..J).
constexpr int kDefaultItems = 10;

bool isBinary(const AttributeSummary& a)
{
    auto sorted = a.categories;
    std::sort(sorted.begin(), sorted.end());
    return sorted == std::vector<std::string>{"0", "1"};
}

QDoubleSpinBox* shareSpin(double lo, double hi, const QString& prefix, const QString& tip)
{
    auto* s = new QDoubleSpinBox;
    s->setDecimals(3);
    s->setRange(lo, hi);
    s->setSingleStep(0.01);
    s->setPrefix(prefix);
    s->setKeyboardTracking(false);
    s->setToolTip(tip);
    s->setAccessibleName(prefix.trimmed());
    return s;
}

QString itemKey(const RuleItem& i)
{
    return QString::fromStdString(ruleItemKey(i));
}

// "age ≥ 40" for a threshold item, "sex = Male" for a category, "A" for a 0/1 column.
QString itemLabel(const RuleItem& i)
{
    if (i.atLeast)
        return QString::fromStdString(i.attribute) + " ≥ " + QString::fromStdString(formatCut(*i.atLeast));
    return QString::fromStdString(i.attribute + " = " + i.present);
}

// The numeric values of an attribute's categories, or nothing when one is not a number.
std::optional<std::pair<double, double>> numericRange(const AttributeSummary& a)
{
    double lo = INFINITY, hi = -INFINITY;
    for (const std::string& c : a.categories) {
        const std::optional<double> x = numericValue(c);
        if (!x)
            return std::nullopt;
        lo = std::min(lo, *x);
        hi = std::max(hi, *x);
    }
    if (a.categories.size() < 2)
        return std::nullopt;
    return std::make_pair(lo, hi);
}

std::string ruleText(const RulesFrame& f, const RuleEstimate& r)
{
    auto side = [&f](const std::vector<int>& items) {
        std::string s;
        for (int i : items)
            s += (s.empty() ? "" : ", ") + f.itemNames[static_cast<std::size_t>(i)];
        return s;
    };
    return side(r.antecedent) + " \u21D2 " + side(r.consequent);
}

QString share(double x)
{
    return QString::number(x, 'f', 4);
}

} // namespace

QString percentText(const MeasureValue& v)
{
    return v.defined ? QString::number(v.value, 'f', 1) + "%"
                     : QObject::tr("undefined: %1").arg(QString::fromStdString(v.reason));
}

QString ruleErrorsText(const RuleErrors& e)
{
    const QString original = e.actual == 1 ? QObject::tr("|F| = 1 original rule") // not "1 original rules"
                                           : QObject::tr("|F| = %1 original rules").arg(e.actual);
    return QObject::tr("%1, |R| = %2 found, |R \u2229 F| = %3.  \u03C1 (support error) %4, "
                       "\u03B3 (confidence error) %5, \u03C3\u207A (false positives) %6, \u03C3\u207B (false "
                       "negatives) %7;  by lower bounds \u03C3\u207A %8, \u03C3\u207B %9;  by upper bounds "
                       "\u03C3\u207A %10, \u03C3\u207B %11;  conflicts s-p %12, c-p %13 (003 Table 3.3)")
        .arg(original)
        .arg(e.reconstructed)
        .arg(e.common)
        .arg(percentText(e.rho), percentText(e.gamma), percentText(e.sigmaPlus), percentText(e.sigmaMinus),
             percentText(e.sigmaPlusLower), percentText(e.sigmaMinusLower), percentText(e.sigmaPlusUpper),
             percentText(e.sigmaMinusUpper))
        .arg(e.supportConflicts)
        .arg(e.confidenceConflicts);
}

RulesView::RulesView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    m_task = new BackgroundTask(tr("Mining rules"), this);
    buildItemControls();
    buildResults();
    QWidget* right = buildSettingsArea();
    QWidget* left = buildItemsArea();
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({fontMetrics().averageCharWidth() * 24, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter, 1);

    connectControls();
}

// The item list, its search and filter, the thresholds and the mining settings.
void RulesView::buildItemControls()
{
    m_items = new QListWidget;
    m_items->setObjectName("rulesItems");
    // Whole item names ("marital-status = Married-civ-spouse"): a narrow list scrolls rather than cut them.
    m_items->setTextElideMode(Qt::ElideNone);
    m_items->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_items->setAccessibleName(tr("Binary items"));
    m_items->setToolTip(tr("Binary items: 0/1 columns, or attribute = category (the rest pooled as absent)"));
    m_minSupport = shareSpin(0.001, 1.0, tr("min support "), tr("Frequent itemsets: support at least this share"));
    m_minConfidence = shareSpin(0.0, 1.0, tr("min confidence "), tr("Rules: confidence at least this share"));
    m_p = shareSpin(0.51, 1.0, tr("p = "),
                    tr("Retention probability of every item's attribute (Warner over its categories), as in "
                       "003 Table 3.3; the simulated release uses the session's seed"));
    m_search = new QLineEdit;
    m_search->setObjectName("rulesItemSearch");
    m_search->setPlaceholderText(tr("Search items"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Show only the items whose name contains this text"));
    m_search->setAccessibleName(tr("Search items"));
    m_checkedOnly = new QCheckBox(tr("Checked only"));
    m_checkedOnly->setToolTip(tr("Show only the items that are checked"));
    m_checkedCount = new QLabel;
    m_thresholdAttribute = new QComboBox;
    m_thresholdAttribute->setToolTip(tr("A numeric attribute to binarize: present when its value is at least the "
                                         "threshold"));
    m_threshold = new QDoubleSpinBox;
    m_threshold->setPrefix(QStringLiteral("≥ "));
    m_threshold->setDecimals(2);
    m_threshold->setToolTip(tr("The item is present when the attribute's value is at least this"));
    m_threshold->setAccessibleName(tr("Threshold"));
    m_thresholdAttribute->setAccessibleName(tr("Attribute to binarize"));
    m_addThreshold = new QPushButton(tr("Add item"));
    m_addThreshold->setToolTip(tr("Add the binarized attribute as a checked item"));
}

// The decision rule, the status and metrics lines, the rules table and chart in tabs.
void RulesView::buildResults()
{
    m_decision = new QComboBox;
    m_decision->addItem(tr("decide by the estimate"), "estimate");
    m_decision->addItem(tr("by the lower bound (fewer false positives)"), "lower");
    m_decision->addItem(tr("by the upper bound (fewer false negatives)"), "upper");
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_metrics = new QLabel;
    m_metrics->setWordWrap(true);
    m_metrics->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table = new QTableWidget(0, 6);
    m_table->setHorizontalHeaderLabels({tr("Rule"), tr("Verdict"), tr("Support: estimate [normal range]"),
                                        tr("Original support"), tr("Confidence: estimate [Chebyshev range]"),
                                        tr("Original confidence")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_chart = new RulesChart;
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_chart, tr("Chart"));
    m_tabs->addTab(m_table, tr("Rules"));
}

// Two rows of settings: beside the Parameters panel the view fits a 1024 px screen.
QWidget* RulesView::buildSettingsArea()
{
    auto* row = new QHBoxLayout;
    row->addWidget(m_minSupport);
    row->addWidget(m_minConfidence);
    row->addWidget(m_p);
    row->addStretch(1);
    auto* decisionRow = new QHBoxLayout;
    decisionRow->addWidget(m_decision);
    decisionRow->addStretch(1);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(row);
    rightLayout->addLayout(decisionRow);
    rightLayout->addWidget(m_status);
    rightLayout->addWidget(m_tabs, 1);
    // The error metrics on a tab of their own: the chart keeps the height at 1024 x 700.
    auto* metricsPage = new QWidget;
    auto* metricsLayout = new QVBoxLayout(metricsPage);
    metricsLayout->addWidget(m_metrics);
    metricsLayout->addStretch(1);
    m_tabs->addTab(metricsPage, tr("Error metrics"));
    return right;
}

// The items: search, checked only, the list, and an attribute binarized by a threshold.
QWidget* RulesView::buildItemsArea()
{
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    auto* shown = new QHBoxLayout;
    shown->addWidget(m_checkedOnly);
    shown->addWidget(m_checkedCount, 1);
    leftLayout->addLayout(shown);
    leftLayout->addWidget(m_items, 1);
    leftLayout->addWidget(new QLabel(tr("Binarize by a threshold:")));
    leftLayout->addWidget(m_thresholdAttribute);
    auto* thresholdRow = new QHBoxLayout;
    thresholdRow->addWidget(m_threshold, 1);
    thresholdRow->addWidget(m_addThreshold);
    leftLayout->addLayout(thresholdRow);
    return left;
}

// The items, settings and decision to the choices; the state's view and a loaded table recompute.
void RulesView::connectControls()
{
    connect(m_items, &QListWidget::itemChanged, this, [this]() {
        pushChoices();
        filterItems();
    });
    connect(m_search, &QLineEdit::textChanged, this, &RulesView::filterItems);
    connect(m_checkedOnly, &QCheckBox::toggled, this, &RulesView::filterItems);
    connect(m_thresholdAttribute, &QComboBox::currentIndexChanged, this, &RulesView::fitThreshold);
    connect(m_addThreshold, &QPushButton::clicked, this, &RulesView::addThresholdItem);
    for (QDoubleSpinBox* s : {m_minSupport, m_minConfidence, m_p})
        connect(s, &QDoubleSpinBox::valueChanged, this, &RulesView::pushChoices);
    connect(m_decision, &QComboBox::activated, this, &RulesView::pushChoices);
    connect(m_state, &AnalysisState::viewChanged, this, [this]() {
        syncFromState();
        compute();
    });
    connect(m_workspace, &Workspace::tableLoaded, this, [this]() {
        fillItems();
        compute();
    });
    connect(m_task, &BackgroundTask::failed, this, [this](const QString&, const QString& message) {
        m_status->setText(tr("Mining failed: %1").arg(message));
    });
}

RulesView::~RulesView()
{
    m_task->shutdown();
}

ChartView* RulesView::chartView() const
{
    return m_chart;
}

void RulesView::refresh()
{
    fillItems();
    compute();
}

void RulesView::fillItems()
{
    m_syncing = true;
    m_items->clear();
    m_thresholdAttribute->clear();
    const auto source = m_workspace->source();
    if (source) {
        for (const AttributeSummary& a : source->summary().attributes) {
            if (!isBinary(a))
                if (const auto range = numericRange(a))
                    m_thresholdAttribute->addItem(QString::fromStdString(a.name), QVariantList{range->first, range->second});
            if (a.categories.size() < 2 || a.categories.size() > kMaxItemCategories)
                continue;
            if (isBinary(a)) {
                auto* item = new QListWidgetItem(QString::fromStdString(a.name), m_items);
                item->setData(Qt::UserRole, itemKey({a.name, "1"}));
                item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
                item->setCheckState(Qt::Unchecked);
                continue;
            }
            for (const std::string& c : a.categories)
                addItem({a.name, c, std::nullopt});
        }
    }
    const bool numeric = m_thresholdAttribute->count() > 0;
    for (QWidget* w : std::initializer_list<QWidget*>{m_thresholdAttribute, m_threshold, m_addThreshold})
        w->setEnabled(numeric);
    m_addThreshold->setToolTip(numeric ? tr("Add the binarized attribute as a checked item")
                                       : tr("No attribute has numbers for categories"));
    m_syncing = false;
    fitThreshold();
    syncFromState();
}

QListWidgetItem* RulesView::addItem(const RuleItem& i)
{
    auto* item = new QListWidgetItem(itemLabel(i), m_items);
    item->setToolTip(itemLabel(i));
    item->setData(Qt::UserRole, itemKey(i));
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
    return item;
}

void RulesView::fitThreshold()
{
    const QVariantList range = m_thresholdAttribute->currentData().toList();
    if (range.size() != 2)
        return;
    const double lo = range[0].toDouble(), hi = range[1].toDouble();
    m_threshold->setRange(lo, hi);
    m_threshold->setSingleStep(hi - lo > 20 ? 1.0 : 0.5);
    m_threshold->setValue(std::round((lo + hi) / 2.0));
}

void RulesView::addThresholdItem()
{
    const QString attribute = m_thresholdAttribute->currentText();
    if (attribute.isEmpty())
        return;
    const RuleItem i{attribute.toStdString(), {}, m_threshold->value()};
    const QString key = itemKey(i);
    for (int r = 0; r < m_items->count(); ++r)
        if (m_items->item(r)->data(Qt::UserRole).toString() == key) {
            m_items->item(r)->setCheckState(Qt::Checked);
            return;
        }
    // A new item goes first, checked, where the owner sees it.
    m_syncing = true;
    QListWidgetItem* item = addItem(i);
    m_items->takeItem(m_items->row(item));
    m_items->insertItem(0, item);
    m_syncing = false;
    item->setCheckState(Qt::Checked); // answered by pushChoices
    m_items->scrollToItem(item);
}

void RulesView::filterItems()
{
    const QString text = m_search->text().trimmed();
    int checked = 0;
    for (int i = 0; i < m_items->count(); ++i) {
        QListWidgetItem* item = m_items->item(i);
        const bool on = item->checkState() == Qt::Checked;
        checked += on;
        item->setHidden((m_checkedOnly->isChecked() && !on) ||
                        (!text.isEmpty() && !item->text().contains(text, Qt::CaseInsensitive)));
    }
    m_checkedCount->setText(tr("%1 of %2 checked").arg(checked).arg(m_items->count()));
}

void RulesView::syncFromState()
{
    m_syncing = true;
    const ViewChoices& v = m_state->view();
    for (const std::string& key : v.rulesItems) { // threshold items of a session
        bool listed = false;
        for (int i = 0; i < m_items->count() && !listed; ++i)
            listed = m_items->item(i)->data(Qt::UserRole).toString().toStdString() == key;
        if (!listed && m_workspace->source())
            try {
                const RuleItem item = ruleItemFromKey(key);
                if (item.atLeast) {
                    QListWidgetItem* added = addItem(item);
                    m_items->insertItem(0, m_items->takeItem(m_items->row(added)));
                }
            } catch (const InputError&) {
                // a key that is no item stays out of the list; compute() reports the choice
            }
    }
    bool any = false;
    for (int i = 0; i < m_items->count(); ++i) {
        QListWidgetItem* item = m_items->item(i);
        const std::string key = item->data(Qt::UserRole).toString().toStdString();
        const bool on = std::find(v.rulesItems.begin(), v.rulesItems.end(), key) != v.rulesItems.end();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        any = any || on;
    }
    if (!any && v.rulesItems.empty()) { // nothing chosen yet: the first 0/1 columns (COIL's A..J)
        int checked = 0;
        for (int i = 0; i < m_items->count() && checked < kDefaultItems; ++i)
            if (!m_items->item(i)->text().contains(" = ")) {
                m_items->item(i)->setCheckState(Qt::Checked);
                ++checked;
            }
    }
    m_minSupport->setValue(v.rulesMinSupport);
    m_minConfidence->setValue(v.rulesMinConfidence);
    m_p->setValue(v.rulesP);
    m_decision->setCurrentIndex(std::max(0, m_decision->findData(QString::fromStdString(v.rulesDecision))));
    m_syncing = false;
    filterItems();
}

void RulesView::pushChoices()
{
    if (m_syncing)
        return;
    ViewChoices v = m_state->view();
    v.rulesItems.clear();
    for (int i = 0; i < m_items->count(); ++i)
        if (m_items->item(i)->checkState() == Qt::Checked)
            v.rulesItems.push_back(m_items->item(i)->data(Qt::UserRole).toString().toStdString());
    v.rulesMinSupport = m_minSupport->value();
    v.rulesMinConfidence = m_minConfidence->value();
    v.rulesP = m_p->value();
    v.rulesDecision = m_decision->currentData().toString().toStdString();
    m_state->setView(v); // answered by compute() through viewChanged
}

void RulesView::compute()
{
    const auto source = m_workspace->source();
    if (!source)
        return;
    RulesSimulationRequest r;
    for (int i = 0; i < m_items->count(); ++i)
        if (m_items->item(i)->checkState() == Qt::Checked)
            r.items.push_back(ruleItemFromKey(m_items->item(i)->data(Qt::UserRole).toString().toStdString()));
    if (r.items.size() < 2) {
        m_status->setText(tr("Check at least two items on the left."));
        return;
    }
    r.p = m_p->value();
    r.seed = m_state->view().seed;
    r.options.minSupport = m_minSupport->value();
    r.options.minConfidence = m_minConfidence->value();
    r.options.alpha = m_state->view().alpha;
    const QString d = m_decision->currentData().toString();
    r.options.decision = d == "lower"   ? RuleDecision::LowerBound
                         : d == "upper" ? RuleDecision::UpperBound
                                        : RuleDecision::Estimate;
    r.policy = m_state->spec().policy;
    m_status->setText(tr("Mining %1 items\u2026").arg(r.items.size()));
    // The items are read in one streaming pass (two bits per item and record, never the records) and kept
    // while the source, items, p, seed and policy stay: new thresholds or a decision rule only mine again.
    std::string key = std::to_string(r.p) + "|" + std::to_string(r.seed) + "|" + std::to_string(static_cast<int>(r.policy));
    for (const RuleItem& item : r.items)
        key += "|" + ruleItemKey(item);
    std::shared_ptr<const RulesItems> items = key == m_itemsKey && m_itemsSource.lock() == source ? m_read : nullptr;
    m_task->start([this, source, items, key, r](TaskControl& control) -> BackgroundTask::Completion {
        std::shared_ptr<const RulesItems> read = items;
        if (!read)
            read = std::make_shared<const RulesItems>(readRulesItems(*source, r, [&control](double f) {
                if (f >= 0)
                    control.setProgress(static_cast<int>(f * 100), 100);
                return !control.isCanceled();
            }));
        auto frame = std::make_shared<const RulesFrame>(mineRulesFrame(*read, r.options));
        return [this, source, read, key, frame]() {
            m_read = read;
            m_itemsKey = key;
            m_itemsSource = source;
            show(frame);
        };
    });
}

void RulesView::show(std::shared_ptr<const RulesFrame> frame)
{
    m_frame = std::move(frame);
    const RulesFrame& f = *m_frame;
    m_status->setToolTip(tr("Sure: both ranges above the thresholds; uncertain: a range crosses one; false "
                            "positive: found, but not a rule of the original records; missed: a rule of the "
                            "original records not found."));
    const QString records = f.dropped == 0 ? tr("%1 records").arg(style::count(static_cast<double>(f.records)))
                                           : tr("%1 records (%2 with a missing value left out)")
                                                 .arg(style::count(static_cast<double>(f.records)),
                                                      style::count(static_cast<double>(f.dropped)));
    m_status->setText(tr("%1, %2 items, every item randomized at p = %3 in one simulated release (seeded "
                         "draw, seed %4: exploration, not a release); %5 rules in R \u222A F.")
                          .arg(records)
                          .arg(f.itemNames.size())
                          .arg(f.p, 0, 'f', 3)
                          .arg(f.seed)
                          .arg(f.comparison.rules.size()));
    m_metrics->setText(withoutCitations(ruleErrorsText(f.comparison.errors))); // the report keeps the reference
    m_metrics->setToolTip(ruleErrorsText(f.comparison.errors));
    m_table->setRowCount(static_cast<int>(f.rows.size()));
    for (std::size_t i = 0; i < f.rows.size(); ++i) {
        const RuleRow& row = f.rows[i];
        const RuleEstimate& r = row.status.estimate;
        const ConfidenceEstimate& c = r.confidence;
        const QStringList cells{
            QString::fromStdString(ruleText(f, r)),
            coreText(verdictName(row.verdict)),
            QString("%1 [%2, %3]")
                .arg(share(r.support.estimate), share(r.support.normal.lo), share(r.support.normal.hi)),
            share(row.status.originalSupport),
            c.chebyshev
                ? QString("%1 [%2, %3]").arg(measureText(c.estimate), share(c.chebyshev->lo), share(c.chebyshev->hi))
                : measureText(c.estimate),
            share(row.status.originalConfidence)};
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            item->setToolTip(cells[col]);
            if (col == 1)
                item->setForeground(row.verdict == RuleVerdict::Sure        ? QColor(0x1a, 0x7f, 0x37)
                                    : row.verdict == RuleVerdict::Uncertain ? QColor(0x9a, 0x60, 0x00)
                                                                            : QColor(0xb0, 0x3a, 0x00));
            m_table->setItem(static_cast<int>(i), col, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_chart->setData(f);
    emit computed();
}

QString RulesView::reportSection() const
{
    if (!m_frame)
        return {};
    const RulesFrame& f = *m_frame;
    int counts[4] = {0, 0, 0, 0};
    for (const RuleRow& r : f.rows)
        ++counts[static_cast<int>(r.verdict)];
    return tr("<h2>Association rules</h2><p>%1 items over %2 records at p = %3 (seed %4), min support %5, min "
              "confidence %6: %7 sure, %8 uncertain, %9 false positives, %10 missed.</p><p>%11</p>")
        .arg(f.itemNames.size())
        .arg(f.records)
        .arg(f.p, 0, 'f', 3)
        .arg(f.seed)
        .arg(f.options.minSupport)
        .arg(f.options.minConfidence)
        .arg(counts[0])
        .arg(counts[1])
        .arg(counts[2])
        .arg(counts[3])
        .arg(ruleErrorsText(f.comparison.errors).toHtmlEscaped());
}

} // namespace rr::ui
