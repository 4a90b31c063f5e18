#include "ui/baskets/BasketsView.h"
#include "ui/texts/ErrorText.h"

#include "ui/texts/Citations.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "ui/baskets/BasketsCharts.h"
#include "ui/baskets/BasketsSession.h"
#include "ui/export/ChartExport.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rr::ui {
namespace {

// The combo box's order (its parameter pages follow it).
const OperatorKind kOperators[] = {OperatorKind::CutAndPaste, OperatorKind::Uniform, OperatorKind::ItemBits,
                                   OperatorKind::SelectASize, OperatorKind::FrequencyAware};
constexpr int kOperatorCount = 5;

// Six significant digits: what a test reads back equals core's value to that precision.
QString num(double v)
{
    return QString::number(v, 'g', 6);
}

QTableWidget* resultTable(const QString& name, const QStringList& headers)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setAccessibleName(name);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

void setRow(QTableWidget* t, int row, const QStringList& cells)
{
    for (int c = 0; c < cells.size(); ++c)
        t->setItem(row, c, new QTableWidgetItem(cells[c]));
}

QString ratio(const MiningRatio& r)
{
    return r.defined ? num(r.value) : QObject::tr("undefined: %1").arg(QString::fromStdString(r.reason));
}

QString discoverable(const DiscoverabilityValue& d)
{
    return d.defined ? QString("%1%").arg(num(100 * d.support))
                     : QObject::tr("undefined: %1").arg(QString::fromStdString(d.reason));
}

QString discoverableList(const std::vector<DiscoverabilityValue>& values)
{
    QStringList out;
    for (std::size_t k = 0; k < values.size(); ++k)
        out << QObject::tr("%1-itemsets %2").arg(k + 1).arg(discoverable(values[k]));
    return out.join(", ");
}

// p_m[0..m] as shown in (and read back from) the select-a-size table.
QString probabilityList(const std::vector<double>& p)
{
    QStringList out;
    for (double v : p)
        out << num(v);
    return out.join(", ");
}

QString epsilonText(const BasketEpsilon& e)
{
    return e.bounded ? num(e.value) : QObject::tr("unbounded");
}

} // namespace

BasketsView::BasketsView(QWidget* parent) : AnalysisView(parent), m_workspace(new BasketsWorkspace(this))
{
    buildCharts();
    QTabWidget* tables = buildResultTabs();
    QWidget* right = buildChartArea(tables);
    auto* scroll = new QScrollArea;
    scroll->setWidget(buildControls());
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(270);
    scroll->setMaximumWidth(380);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(scroll);
    layout->addWidget(right, 1);

    connectWorkspace();
    writeControls();
}

// The four charts, small enough for 1280x800 (their viewports report clicks to eventFilter).
void BasketsView::buildCharts()
{
    m_breachChart = new BasketBreachChart;
    m_supportsChart = new RecoveredSupportsChart;
    m_miningChart = new MiningQualityChart;
    m_reconstructionChart = new ReconstructionChart;
    m_current = m_breachChart;
    // Small minimums: the window must still fit 1280x800 with the table workspace's docks.
    for (ChartView* c : {static_cast<ChartView*>(m_breachChart), static_cast<ChartView*>(m_supportsChart),
                         static_cast<ChartView*>(m_miningChart), static_cast<ChartView*>(m_reconstructionChart)}) {
        c->setMinimumSize(220, 170);
        c->viewport()->installEventFilter(this);
    }
    m_reconstructionChart->setMinimumHeight(130); // below a line of text in a tab of the tables
}

// The result tables in tabs: breach per size, supports, mining, privacy.
QTabWidget* BasketsView::buildResultTabs()
{
    m_breachTable = resultTable(tr("Worst breach by basket size"), {tr("size m"), tr("baskets"), tr("worst breach"), tr("at |A|"), tr("under level")});
    m_supportsTable = resultTable(tr("Recovered supports"), {tr("itemset"), tr("true support"), tr("recovered"), tr("95% range"), tr("\u03C3")});
    m_miningTable = resultTable(tr("Mining quality"), {tr("s_min"), tr("true itemsets"), tr("found"), tr("true positives"), tr("precision"),
                                 tr("recall"), tr("accuracy (002)")});
    m_epsilonTable = resultTable(tr("Local differential privacy by basket size"), {tr("size m"), tr("baskets"), tr("\u03B5"), tr("note")});
    m_privacy = new QLabel;
    m_privacy->setWordWrap(true);
    m_privacy->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reconstructionReason = new QLabel;
    m_reconstructionReason->setWordWrap(true);
    m_reconstructionReason->setAlignment(Qt::AlignCenter);
    m_reconstructionReason->setObjectName("basketsReconstructionReason");
    m_reconstructionPage = new QStackedWidget;
    m_reconstructionPage->addWidget(m_reconstructionChart);
    m_reconstructionPage->addWidget(m_reconstructionReason);
    auto* privacySplit = new QSplitter(Qt::Horizontal);
    privacySplit->addWidget(m_reconstructionPage);
    privacySplit->addWidget(m_epsilonTable);
    privacySplit->setStretchFactor(0, 3);
    privacySplit->setStretchFactor(1, 2);
    privacySplit->setSizes({400, 280});
    privacySplit->setChildrenCollapsible(false);
    auto* privacyTab = new QWidget;
    auto* privacyLayout = new QVBoxLayout(privacyTab);
    privacyLayout->setContentsMargins(2, 2, 2, 2);
    privacyLayout->addWidget(m_privacy);
    privacyLayout->addWidget(privacySplit, 1);

    auto* tables = new QTabWidget;
    m_tabs = tables;
    tables->addTab(m_breachTable, tr("Breach per size"));
    tables->addTab(m_supportsTable, tr("Recovered supports"));
    tables->addTab(m_miningTable, tr("Mining"));
    tables->addTab(privacyTab, tr("Privacy: R(p, s), \u03B5"));
    return tables;
}

// The summary and message lines above the charts, the charts in splitters below (`tables` beside the mining chart).
QWidget* BasketsView::buildChartArea(QTabWidget* tables)
{
    m_summary = new QLabel(tr("Open a basket file (FIMI .dat: one basket a line; or a CSV of 0/1 columns) with File \u25B8 Open Baskets."));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setStyleSheet("color: #a33;");
    m_message->setObjectName("basketsMessage");

    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(m_breachChart);
    top->addWidget(m_supportsChart);
    auto* bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(m_miningChart);
    bottom->addWidget(tables);
    auto* charts = new QSplitter(Qt::Vertical);
    charts->addWidget(top);
    charts->addWidget(bottom);

    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    // The summary scrolls within at most five lines: at 1024 x 700 the charts keep their height.
    auto* summaryScroll = new QScrollArea;
    summaryScroll->setWidget(m_summary);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    summaryScroll->setMaximumHeight(m_summary->fontMetrics().lineSpacing() * 5 + 6);
    summaryScroll->setObjectName("basketsSummaryScroll");
    rightLayout->addWidget(summaryScroll);
    rightLayout->addWidget(m_message);
    rightLayout->addWidget(charts, 1);
    return right;
}

// The workspace's data, choice, frames and messages shown as they arrive.
void BasketsView::connectWorkspace()
{
    connect(m_workspace, &BasketsWorkspace::dataLoaded, this, [this]() {
        const auto data = m_workspace->data();
        m_file->setText(tr("%1: %2 baskets, %3 items (%4 occur), sizes %5..%6")
                            .arg(QFileInfo(QString::fromStdString(data->path)).fileName())
                            .arg(data->summary.baskets)
                            .arg(data->summary.itemCount)
                            .arg(data->summary.distinctItems)
                            .arg(data->summary.minSize)
                            .arg(data->summary.maxSize));
        fillPerSizeTable();
        fillSelectASizeTable();
    });
    connect(m_workspace, &BasketsWorkspace::choiceChanged, this, &BasketsView::writeControls);
    connect(m_workspace, &BasketsWorkspace::frameReady, this, &BasketsView::showFrame);
    connect(m_workspace, &BasketsWorkspace::frameCleared, this, &BasketsView::clearResults);
    connect(m_workspace, &BasketsWorkspace::errorOccurred, this, &BasketsView::showMessage);
    // A suggestion's summary outlives the frame it triggers (until the next edit).
    connect(m_workspace, &BasketsWorkspace::suggestionReady, this, [this](const QString& text) {
        showMessage(text);
        m_messageKept = true;
    });
    connect(m_workspace, &BasketsWorkspace::releaseWritten, this, &BasketsView::showMessage);
}

BasketsView::~BasketsView()
{
    // The workspace's completions point at this view's widgets: its jobs end first.
    for (BackgroundTask* t : m_workspace->tasks())
        t->shutdown();
}

QWidget* BasketsView::buildControls()
{
    auto* panel = new QWidget;
    auto* layout = new QVBoxLayout(panel);

    layout->addWidget(buildFileBox());
    QPushButton* fill = nullptr;
    QPushButton* selFill = nullptr;
    layout->addWidget(buildOperatorBox(fill, selFill));
    layout->addWidget(buildPrivacyBox());
    layout->addWidget(buildActionsBox());
    layout->addStretch(1);
    connectControls(fill, selFill);
    return panel;
}

// The basket file's name and counts, and Open Baskets...
QGroupBox* BasketsView::buildFileBox()
{
    auto* fileBox = new QGroupBox(tr("Baskets"));
    auto* fileLayout = new QVBoxLayout(fileBox);
    m_file = new QLabel(tr("no file"));
    m_file->setWordWrap(true);
    auto* open = new QPushButton(tr("Open Baskets\u2026"));
    connect(open, &QPushButton::clicked, this, &BasketsView::actionOpen);
    fileLayout->addWidget(m_file);
    fileLayout->addWidget(open);
    return fileBox;
}

// The operator list and its parameter pages (`fill`, `selFill`: the pages' "Set every size" buttons).
QGroupBox* BasketsView::buildOperatorBox(QPushButton*& fill, QPushButton*& selFill)
{
    auto* opBox = new QGroupBox(tr("Operator"));
    auto* opLayout = new QVBoxLayout(opBox);
    m_operator = new QComboBox;
    // The operator's name in the list, its source in the item's tooltip.
    for (const QString& item : {tr("cut-and-paste (004 Def. 8)"), tr("uniform (004 Sec. 2)"), tr("per-item bits (003 Ch. 3)"),
                                tr("select-a-size (004 Def. 7)"), tr("frequency-aware (002 Alg. 2)")}) {
        m_operator->addItem(withoutCitations(item));
        m_operator->setItemData(m_operator->count() - 1, item, Qt::ToolTipRole);
    }
    opLayout->addWidget(m_operator);
    m_parameters = new QStackedWidget;
    m_parameters->addWidget(buildCutAndPastePage(fill));
    m_parameters->addWidget(buildUniformPage());
    m_parameters->addWidget(buildItemBitsPage());
    m_parameters->addWidget(buildSelectASizePage(selFill));
    m_parameters->addWidget(buildFrequencyAwarePage());
    opLayout->addWidget(m_parameters);
    return opBox;
}

// Cut-and-paste: K and rho for every size, the per-size table and Suggest.
QWidget* BasketsView::buildCutAndPastePage(QPushButton*& fill)
{
    auto* cp = new QWidget;
    auto* cpLayout = new QVBoxLayout(cp);
    cpLayout->setContentsMargins(0, 0, 0, 0);
    auto* cpForm = new QFormLayout;
    m_cutoff = new QSpinBox;
    m_cutoff->setRange(1, 1000);
    m_rho = new QDoubleSpinBox;
    m_rho->setDecimals(5);
    m_rho->setRange(0.00001, 0.99999);
    m_rho->setSingleStep(0.0001);
    cpForm->addRow(tr("K for every size"), m_cutoff);
    cpForm->addRow(tr("\u03C1 for every size"), m_rho);
    cpLayout->addLayout(cpForm);
    fill = new QPushButton(tr("Set every size to K, \u03C1"));
    cpLayout->addWidget(fill);
    m_perSize = new QTableWidget(0, 4);
    m_perSize->setAccessibleName(tr("Cut-and-paste parameters by basket size"));
    m_perSize->setHorizontalHeaderLabels({tr("m"), tr("baskets"), tr("K_m"), tr("\u03C1_m")});
    m_perSize->verticalHeader()->hide();
    m_perSize->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_perSize->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_perSize->setMinimumHeight(220);
    cpLayout->addWidget(m_perSize);
    m_suggest = new QPushButton(tr("Suggest (K_m, \u03C1_m) for the breach level"));
    m_suggest->setToolTip(tr("004 Sec. 4.4: per size, the smallest \u03C1_m meeting the level for each cutoff, then "
                             "the cutoff with the lowest discoverable supports (Sec. 5.1)"));
    cpLayout->addWidget(m_suggest);
    return cp;
}

// Uniform: the replacement p.
QWidget* BasketsView::buildUniformPage()
{
    auto* uni = new QWidget;
    auto* uniForm = new QFormLayout(uni);
    m_replace = new QDoubleSpinBox;
    m_replace->setDecimals(3);
    m_replace->setRange(0, 0.999);
    m_replace->setSingleStep(0.01);
    uniForm->addRow(tr("replacement p"), m_replace);
    return uni;
}

// Per-item bits: the keep p.
QWidget* BasketsView::buildItemBitsPage()
{
    auto* bits = new QWidget;
    auto* bitsForm = new QFormLayout(bits);
    m_keep = new QDoubleSpinBox;
    m_keep->setDecimals(5);
    m_keep->setRange(0.50001, 1.0);
    m_keep->setSingleStep(0.001);
    bitsForm->addRow(tr("keep p"), m_keep);
    return bits;
}

// Select-a-size: rho and q for every size, the per-size table and Suggest.
QWidget* BasketsView::buildSelectASizePage(QPushButton*& selFill)
{
    auto* sel = new QWidget;
    auto* selLayout = new QVBoxLayout(sel);
    selLayout->setContentsMargins(0, 0, 0, 0);
    auto* selForm = new QFormLayout;
    m_selectRho = new QDoubleSpinBox;
    m_selectRho->setDecimals(5);
    m_selectRho->setRange(0.00001, 0.99999);
    m_selectRho->setSingleStep(0.0001);
    m_selectKeep = new QDoubleSpinBox;
    m_selectKeep->setDecimals(3);
    m_selectKeep->setRange(0, 1);
    m_selectKeep->setSingleStep(0.05);
    m_selectKeep->setToolTip(tr("p_m[j] = C(m, j) q^j (1 - q)^(m - j): j items kept as if each with share q"));
    selForm->addRow(tr("\u03C1 for every size"), m_selectRho);
    selForm->addRow(tr("kept share q"), m_selectKeep);
    selLayout->addLayout(selForm);
    selFill = new QPushButton(tr("Set every size to \u03C1, binomial(m, q)"));
    selLayout->addWidget(selFill);
    m_selectSizes = new QTableWidget(0, 4);
    m_selectSizes->setAccessibleName(tr("Select-a-size parameters by basket size"));
    m_selectSizes->setHorizontalHeaderLabels({tr("m"), tr("baskets"), tr("\u03C1_m"), tr("p_m[0..m]")});
    m_selectSizes->setWordWrap(false);
    m_selectSizes->verticalHeader()->hide();
    m_selectSizes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_selectSizes->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Interactive);
    m_selectSizes->setToolTip(tr("004 Def. 7: keep j of the m items with probability p_m[j], insert every other "
                                 "item with \u03C1_m; edit a row's \u03C1_m or its p_m[0..m] (summing to 1)"));
    m_selectSizes->setMinimumHeight(220);
    selLayout->addWidget(m_selectSizes);
    auto* selSuggest = new QPushButton(tr("Suggest \u03C1_m for the breach level"));
    selSuggest->setToolTip(tr("004 Sec. 4.4: per size, the smallest \u03C1_m keeping the worst-case breach under "
                              "the level for the row's p_m[j]"));
    connect(selSuggest, &QPushButton::clicked, m_workspace, &BasketsWorkspace::suggestSelectASize);
    selLayout->addWidget(selSuggest);
    return sel;
}

// Frequency-aware: fp, nfp and the support at which an item is frequent.
QWidget* BasketsView::buildFrequencyAwarePage()
{
    auto* freq = new QWidget;
    auto* freqForm = new QFormLayout(freq);
    m_fp = new QDoubleSpinBox;
    m_nfp = new QDoubleSpinBox;
    for (QDoubleSpinBox* b : {m_fp, m_nfp}) {
        b->setDecimals(5);
        b->setRange(0.50001, 1.0);
        b->setSingleStep(0.001);
    }
    m_frequentSupport = new QDoubleSpinBox;
    m_frequentSupport->setDecimals(3);
    m_frequentSupport->setRange(0.001, 100);
    m_frequentSupport->setSuffix(" %");
    m_frequentSupport->setToolTip(tr("Items in at least this share of the baskets are frequent (002 Sec. 3.3)"));
    freqForm->addRow(tr("frequent items' keep fp"), m_fp);
    freqForm->addRow(tr("other items' keep nfp"), m_nfp);
    freqForm->addRow(tr("frequent at support \u2265"), m_frequentSupport);
    return freq;
}

// The breach level, the preview seed and the s_min of the mining chart.
QGroupBox* BasketsView::buildPrivacyBox()
{
    auto* privacy = new QGroupBox(tr("Privacy and preview"));
    auto* form = new QFormLayout(privacy);
    m_level = new QDoubleSpinBox;
    m_level->setRange(1, 99);
    m_level->setDecimals(1);
    m_level->setSuffix(" %");
    form->addRow(tr("breach level"), m_level);
    m_seed = new QSpinBox;
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setToolTip(tr("The charts come from a seeded randomization: reproducible, for exploration only"));
    form->addRow(tr("preview seed"), m_seed);
    m_minSupports = new QLineEdit;
    m_minSupports->setToolTip(tr("s_min values for the precision/recall chart, in percent, separated by commas"));
    form->addRow(tr("s_min (%)"), m_minSupports);
    return privacy;
}

// Release, the baskets session and Export Charts.
QGroupBox* BasketsView::buildActionsBox()
{
    auto* actions = new QGroupBox(tr("Release and session"));
    auto* actLayout = new QVBoxLayout(actions);
    auto* release = new QPushButton(tr("Write Release (OS CSPRNG)\u2026"));
    auto* save = new QPushButton(tr("Save Baskets Session\u2026"));
    auto* load = new QPushButton(tr("Open Baskets Session\u2026"));
    auto* exportCharts = new QPushButton(tr("Export Charts\u2026"));
    for (QPushButton* b : {release, save, load, exportCharts})
        actLayout->addWidget(b);

    connect(release, &QPushButton::clicked, this, &BasketsView::actionRelease);
    connect(save, &QPushButton::clicked, this, &BasketsView::actionSaveSession);
    connect(load, &QPushButton::clicked, this, &BasketsView::actionOpenSession);
    connect(exportCharts, &QPushButton::clicked, this, &BasketsView::actionExportCharts);
    return actions;
}

// Every control edit goes to readControls (the fill buttons first reset the per-size rows).
void BasketsView::connectControls(QPushButton* fill, QPushButton* selFill)
{
    connect(m_suggest, &QPushButton::clicked, m_workspace, &BasketsWorkspace::suggestCutAndPaste);
    connect(fill, &QPushButton::clicked, this, [this]() {
        BasketsChoice c = m_workspace->choice();
        c.perSize.clear();
        m_workspace->setChoice(c);
        fillPerSizeTable();
    });
    connect(selFill, &QPushButton::clicked, this, [this]() {
        BasketsChoice c = m_workspace->choice();
        c.selectPerSize.clear();
        m_workspace->setChoice(c);
        fillSelectASizeTable();
    });
    connect(m_operator, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_parameters->setCurrentIndex(i);
        readControls();
    });
    for (QDoubleSpinBox* b :
         {m_keep, m_replace, m_rho, m_level, m_selectRho, m_selectKeep, m_fp, m_nfp, m_frequentSupport})
        connect(b, &QDoubleSpinBox::valueChanged, this, &BasketsView::readControls);
    for (QSpinBox* b : {m_cutoff, m_seed})
        connect(b, &QSpinBox::valueChanged, this, &BasketsView::readControls);
    connect(m_minSupports, &QLineEdit::editingFinished, this, &BasketsView::readControls);
    connect(m_perSize, &QTableWidget::itemChanged, this, &BasketsView::readControls);
    connect(m_selectSizes, &QTableWidget::itemChanged, this, &BasketsView::readControls);
}

void BasketsView::readControls()
{
    if (m_updating)
        return;
    m_messageKept = false;
    BasketsChoice c = m_workspace->choice();
    c.kind = kOperators[std::clamp(m_operator->currentIndex(), 0, kOperatorCount - 1)];
    c.keep = m_keep->value();
    c.replace = m_replace->value();
    c.cutoff = m_cutoff->value();
    // One rho for cut-and-paste and select-a-size (the CLI's --rho): the box of the page in use counts.
    c.rho =
        (sender() == m_selectRho || (sender() != m_rho && c.kind == OperatorKind::SelectASize) ? m_selectRho : m_rho)
            ->value();
    c.selectKeep = m_selectKeep->value();
    c.fp = m_fp->value();
    c.nfp = m_nfp->value();
    c.frequentSupport = m_frequentSupport->value() / 100;
    c.level = m_level->value() / 100;
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    readMinSupports(c);
    if (const auto data = m_workspace->data()) {
        // Rows hold the sizes with baskets; a row that differs from what it showed is an edit (compared as
        // shown, so that a suggested rho is not rounded by merely being displayed).
        readCutAndPasteTable(c, data->summary.maxSize);
        // An invalid edit of the select-a-size table changes nothing: its message stays until it is fixed.
        if (!readSelectASizeTable(c, data->summary.maxSize) && sender() == m_selectSizes)
            return;
    }
    m_workspace->setChoice(c);
    m_updating = true; // the other page's rho box follows
    m_rho->setValue(c.rho);
    m_selectRho->setValue(c.rho);
    m_updating = false;
    if (sender() != m_perSize)
        fillPerSizeTable();
    if (sender() != m_selectSizes)
        fillSelectASizeTable();
}

// The s_min list of the mining chart (kept, with a message, when it is not 1..20 percentages).
void BasketsView::readMinSupports(BasketsChoice& c)
{
    std::vector<double> smin;
    bool valid = true;
    for (const QString& part : m_minSupports->text().split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        if (!ok || !(v > 0 && v < 100))
            valid = false;
        else
            smin.push_back(v / 100);
    }
    if (valid && !smin.empty() && smin.size() <= 20)
        c.minSupports = smin;
    else
        showMessage(
            tr("s_min: give 1..20 percentages in (0, 100) separated by commas; kept %1").arg(m_minSupports->text()));
}

// The cut-and-paste table's edits into `c` (a row that differs from what it showed is an edit).
void BasketsView::readCutAndPasteTable(BasketsChoice& c, std::uint32_t maxSize)
{
    const std::vector<CutAndPasteLevel> shown = fullCutAndPasteTable(m_workspace->choice(), maxSize);
    std::vector<CutAndPasteLevel> table = fullCutAndPasteTable(c, maxSize);
    bool edited = false;
    for (int r = 0; r < m_perSize->rowCount(); ++r) {
        const auto* mItem = m_perSize->item(r, 0);
        const auto* kItem = m_perSize->item(r, 2);
        const auto* rItem = m_perSize->item(r, 3);
        if (!mItem || !kItem || !rItem)
            continue;
        const int m = mItem->text().toInt();
        if (m < 0 || m >= static_cast<int>(table.size()))
            continue;
        const auto& before = shown[static_cast<std::size_t>(m)];
        if (kItem->text() == QString::number(before.cutoff) && rItem->text() == num(before.rho))
            continue;
        bool okK = false, okR = false;
        const int K = kItem->text().toInt(&okK);
        const double rho = rItem->text().toDouble(&okR);
        if (!okK || K < 1 || !okR || !(rho > 0 && rho < 1)) {
            showMessage(tr("size %1: K_m must be an integer >= 1 and \u03C1_m lie in (0, 1)").arg(m));
            continue;
        }
        table[static_cast<std::size_t>(m)] = {K, rho};
        edited = true;
    }
    if (edited || !c.perSize.empty())
        c.perSize = table;
}

bool BasketsView::readSelectASizeTable(BasketsChoice& c, std::uint32_t maxSize)
{
    // As for cut-and-paste: a row whose text differs from what it showed is an edit.
    const std::vector<SelectASizeLevel> shown = fullSelectASizeTable(m_workspace->choice(), maxSize);
    std::vector<SelectASizeLevel> table = fullSelectASizeTable(c, maxSize);
    bool edited = false, valid = true;
    for (int r = 0; r < m_selectSizes->rowCount(); ++r) {
        const auto* mItem = m_selectSizes->item(r, 0);
        const auto* rItem = m_selectSizes->item(r, 2);
        const auto* pItem = m_selectSizes->item(r, 3);
        if (!mItem || !rItem || !pItem)
            continue;
        const int m = mItem->text().toInt();
        if (m < 0 || m >= static_cast<int>(table.size()))
            continue;
        const auto& before = shown[static_cast<std::size_t>(m)];
        if (rItem->text() == num(before.rho) && pItem->text() == probabilityList(before.sizeProbabilities))
            continue;
        bool ok = false;
        const double rho = rItem->text().toDouble(&ok);
        std::vector<double> p;
        double sum = 0;
        for (const QString& part : pItem->text().split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts)) {
            bool okP = false;
            const double v = part.toDouble(&okP);
            ok = ok && okP && v >= 0 && v <= 1;
            p.push_back(v);
            sum += v;
        }
        // Six shown digits per value: a sum within 1e-6 of 1 is the shown table, rescaled to sum 1 exactly.
        if (!ok || !(rho > 0 && rho < 1) || p.size() != static_cast<std::size_t>(m) + 1 || std::abs(sum - 1) > 1e-6) {
            showMessage(tr("size %1: \u03C1_m must lie in (0, 1) and p_m[0..%1] be %2 probabilities summing to 1 "
                           "(004 Def. 7)")
                            .arg(m)
                            .arg(m + 1));
            valid = false;
            continue;
        }
        for (double& v : p)
            v /= sum;
        table[static_cast<std::size_t>(m)] = {rho, p};
        edited = true;
    }
    if (edited)
        c.selectPerSize = table;
    return valid;
}

void BasketsView::writeControls()
{
    m_updating = true;
    const BasketsChoice& c = m_workspace->choice();
    for (int i = 0; i < kOperatorCount; ++i)
        if (kOperators[i] == c.kind) {
            m_operator->setCurrentIndex(i);
            m_parameters->setCurrentIndex(i);
        }
    m_keep->setValue(c.keep);
    m_replace->setValue(c.replace);
    m_cutoff->setValue(c.cutoff);
    m_rho->setValue(c.rho);
    m_selectRho->setValue(c.rho);
    m_selectKeep->setValue(c.selectKeep);
    m_fp->setValue(c.fp);
    m_nfp->setValue(c.nfp);
    m_frequentSupport->setValue(100 * c.frequentSupport);
    m_level->setValue(100 * c.level);
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(c.seed, 1'000'000'000)));
    QStringList smin;
    for (double s : c.minSupports)
        smin << num(100 * s);
    m_minSupports->setText(smin.join(", "));
    m_updating = false;
    fillPerSizeTable();
    fillSelectASizeTable();
}

void BasketsView::fillSelectASizeTable()
{
    const auto data = m_workspace->data();
    const bool was = m_updating;
    m_updating = true;
    m_selectSizes->setRowCount(0);
    if (data) {
        const std::vector<SelectASizeLevel> table = fullSelectASizeTable(m_workspace->choice(), data->summary.maxSize);
        const auto& hist = data->summary.sizeHistogram;
        for (std::size_t m = 1; m < hist.size(); ++m) {
            if (hist[m] == 0)
                continue;
            const int r = m_selectSizes->rowCount();
            m_selectSizes->insertRow(r);
            auto* mItem = new QTableWidgetItem(QString::number(m));
            auto* nItem = new QTableWidgetItem(QString::number(hist[m]));
            mItem->setFlags(mItem->flags() & ~Qt::ItemIsEditable);
            nItem->setFlags(nItem->flags() & ~Qt::ItemIsEditable);
            m_selectSizes->setItem(r, 0, mItem);
            m_selectSizes->setItem(r, 1, nItem);
            m_selectSizes->setItem(r, 2, new QTableWidgetItem(num(table[m].rho)));
            auto* pItem = new QTableWidgetItem(probabilityList(table[m].sizeProbabilities));
            pItem->setToolTip(pItem->text());
            m_selectSizes->setItem(r, 3, pItem);
        }
    }
    m_updating = was;
}

void BasketsView::fillPerSizeTable()
{
    const auto data = m_workspace->data();
    const bool was = m_updating;
    m_updating = true;
    m_perSize->setRowCount(0);
    if (data) {
        const std::vector<CutAndPasteLevel> table = fullCutAndPasteTable(m_workspace->choice(), data->summary.maxSize);
        const auto& hist = data->summary.sizeHistogram;
        for (std::size_t m = 1; m < hist.size(); ++m) {
            if (hist[m] == 0)
                continue;
            const int r = m_perSize->rowCount();
            m_perSize->insertRow(r);
            auto* mItem = new QTableWidgetItem(QString::number(m));
            auto* nItem = new QTableWidgetItem(QString::number(hist[m]));
            mItem->setFlags(mItem->flags() & ~Qt::ItemIsEditable);
            nItem->setFlags(nItem->flags() & ~Qt::ItemIsEditable);
            m_perSize->setItem(r, 0, mItem);
            m_perSize->setItem(r, 1, nItem);
            m_perSize->setItem(r, 2, new QTableWidgetItem(QString::number(table[m].cutoff)));
            m_perSize->setItem(r, 3, new QTableWidgetItem(num(table[m].rho)));
        }
    }
    m_updating = was;
}

void BasketsView::showFrame(const std::shared_ptr<const BasketsFrame>& frame)
{
    const auto data = m_workspace->data();
    const auto basis = m_workspace->basis();
    if (!frame || !data || !basis)
        return;
    if (!frame->previewDefined)
        m_message->setText(QString::fromStdString(frame->previewReason));
    else if (!m_messageKept)
        m_message->clear();
    const Transactions& t = data->baskets;
    m_breachChart->setFrame(*frame, t);
    m_supportsChart->setFrame(*frame, t);
    m_miningChart->setFrame(*frame);
    showPrivacy(*frame);
    showResultTables(frame, data);
    showFrameSummary(frame, data, basis);
}

// The breach, recovered-support and mining tables of `frame`.
void BasketsView::showResultTables(const std::shared_ptr<const BasketsFrame>& frame,
                                   const std::shared_ptr<const BasketsData>& data)
{
    const Transactions& t = data->baskets;
    m_breachTable->setRowCount(static_cast<int>(frame->breach.sizes.size()));
    int row = 0;
    for (const SizeBreach& sb : frame->breach.sizes) {
        const QString baskets = sb.m >= 0 && static_cast<std::size_t>(sb.m) < data->summary.sizeHistogram.size()
                                    ? QString::number(data->summary.sizeHistogram[static_cast<std::size_t>(sb.m)])
                                    : QString::number(data->summary.baskets);
        setRow(m_breachTable, row++,
               {sb.m >= 0 ? QString::number(sb.m) : QString::fromStdString(sb.label), baskets, num(sb.worst),
                QString::number(sb.worstK), sb.worst < frame->choice.level ? tr("yes") : tr("no")});
    }
    m_supportsTable->setRowCount(static_cast<int>(frame->recovered.size()));
    row = 0;
    for (const RecoveredItemset& r : frame->recovered) {
        const QString est = r.estimate.defined ? num(r.estimate.estimate)
                                               : tr("undefined: %1").arg(QString::fromStdString(r.estimate.reason));
        const QString range = r.rangeDefined ? QString("[%1, %2]").arg(num(r.range.rawLo), num(r.range.rawHi))
                                             : tr("undefined: %1").arg(QString::fromStdString(r.reason));
        const QString sigma = r.rangeDefined ? num(std::sqrt(r.estimate.variance)) : tr("undefined");
        setRow(m_supportsTable, row++,
               {QString::fromStdString(itemsetLabel(t, r.items)), num(r.trueSupport), est, range, sigma});
    }
    m_miningTable->setRowCount(static_cast<int>(frame->precisionRecall.size()));
    row = 0;
    for (const PrecisionRecallPoint& p : frame->precisionRecall) {
        const MiningComparison& c = p.comparison;
        setRow(m_miningTable, row++,
               {QString("%1%").arg(num(100 * p.minSupport)), QString::number(c.trueItemsets), QString::number(c.found),
                QString::number(c.truePositives), ratio(c.precision), ratio(c.recall), ratio(c.accuracy)});
    }
}

// The summary above the charts: the worst breach, the lowest discoverable supports, public items, the preview.
void BasketsView::showFrameSummary(const std::shared_ptr<const BasketsFrame>& frame,
                                   const std::shared_ptr<const BasketsData>& data,
                                   const std::shared_ptr<const PrivacyBasis>& basis)
{
    const Transactions& t = data->baskets;
    QStringList lines;
    lines << tr("<b>%1</b> at breach level %2%: worst-case breach %3 (%4, |A| = %5) \u2014 %6.")
                 .arg(QString::fromStdString(operatorName(frame->op.kind)))
                 .arg(num(100 * frame->choice.level))
                 .arg(num(frame->breach.worst))
                 .arg(QString::fromStdString(frame->breach.worstLabel))
                 .arg(frame->breach.worstK)
                 .arg(frame->breach.worst < frame->choice.level ? tr("under the level") : tr("<b>above the level</b>"));
    if (frame->op.kind == OperatorKind::FrequencyAware) {
        std::size_t frequent = 0;
        for (std::uint8_t f : frame->op.frequentItems)
            frequent += f != 0;
        lines << tr("%1 frequent item(s) (support \u2265 %2%) kept with fp = %3, the other %4 with nfp = %5; "
                    "breaches of itemsets of frequent and of other items apart (mixed itemsets are not modelled).")
                     .arg(frequent)
                     .arg(num(100 * frame->choice.frequentSupport))
                     .arg(num(frame->choice.fp))
                     .arg(frame->op.frequentItems.size() - frequent)
                     .arg(num(frame->choice.nfp));
        lines << tr("Lowest discoverable support (004 Sec. 5.1, 4 \u03C3): frequent items %1; other items %2.")
                     .arg(discoverableList(frame->lowestDiscoverable),
                          discoverableList(frame->lowestDiscoverableOther));
    } else {
        lines << tr("Lowest discoverable support (004 Sec. 5.1, 4 \u03C3): %1.")
                     .arg(discoverableList(frame->lowestDiscoverable));
    }
    if (!basis->publicItems.empty()) {
        QStringList items;
        for (std::size_t i = 0; i < basis->publicItems.size() && i < 8; ++i)
            items << QString::number(t.label(basis->publicItems[i]));
        lines << tr("%1 item(s) (%2%3) reach the level by their prior alone: no randomization protects them, so the "
                    "breach treats them as public.")
                     .arg(basis->publicItems.size())
                     .arg(items.join(", "))
                     .arg(basis->publicItems.size() > 8 ? ", \u2026" : "");
    }
    if (frame->previewDefined)
        lines << tr("<i>Charts: a seeded preview (seed %1), for exploration only, not a release; %2 items in the "
                    "randomized baskets (%3 in the original).</i>")
                     .arg(frame->choice.seed)
                     .arg(frame->releaseOccurrences)
                     .arg(t.occurrences());
    lines << m_privacy->text(); // set by showPrivacy below
    // The papers' references in the tooltip, not in what the owner reads.
    m_summary->setText(withoutCitations(lines.join("<br>")));
    m_summary->setToolTip(lines.join("<br>"));
}

void BasketsView::showPrivacy(const BasketsFrame& frame)
{
    QStringList parts;
    const ReconstructionReadout& r = frame.reconstruction;
    if (r.defined) {
        parts << tr("Reconstruction probability over the items R = %1 (%2).")
                     .arg(num(r.overall), QString::fromStdString(r.equation));
        m_reconstructionChart->setFrame(frame);
        m_reconstructionPage->setCurrentWidget(m_reconstructionChart);
    } else {
        parts << tr("Reconstruction probability: does not apply (%1).").arg(QString::fromStdString(r.reason));
        m_reconstructionChart->clear();
        const QString reason = tr("R(p, s) (002 eq. 13-17) does not apply to %1: %2.")
                                   .arg(QString::fromStdString(operatorName(frame.op.kind)),
                                        QString::fromStdString(r.reason));
        m_reconstructionReason->setText(withoutCitations(reason));
        m_reconstructionReason->setToolTip(reason);
        m_reconstructionPage->setCurrentWidget(m_reconstructionReason);
    }
    const EpsilonReadout& e = frame.epsilon;
    if (e.ldp)
        parts << tr("LDP: \u03B5 = %1%2 (%3).")
                     .arg(num(e.value))
                     .arg(e.worstM >= 0 ? tr(" at size %1").arg(e.worstM) : QString())
                     .arg(QString::fromStdString(e.note));
    else
        parts << tr("Not LDP: %1.").arg(QString::fromStdString(e.note));
    m_privacy->setText(withoutCitations(parts.join(" ")));
    m_privacy->setToolTip(parts.join(" "));
    m_epsilonTable->setRowCount(static_cast<int>(e.bySize.size()));
    int row = 0;
    for (const SizeEpsilon& s : e.bySize)
        setRow(m_epsilonTable, row++,
               {s.m >= 0 ? QString::number(s.m) : tr("all baskets"), QString::number(s.baskets), epsilonText(s.epsilon),
                QString::fromStdString(s.epsilon.note)});
}

void BasketsView::clearResults()
{
    m_breachChart->clear();
    m_supportsChart->clear();
    m_miningChart->clear();
    m_reconstructionChart->clear();
    m_reconstructionReason->clear();
    m_privacy->clear();
    for (QTableWidget* t : {m_breachTable, m_supportsTable, m_miningTable, m_epsilonTable})
        t->setRowCount(0);
    m_summary->setText(m_workspace->data() ? tr("No results for the current choice (see the message below).")
                                           : tr("Loading\u2026"));
}

void BasketsView::showMessage(const QString& text)
{
    m_message->setText(withoutCitations(text));
    m_message->setToolTip(text);
}

bool BasketsView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonPress)
        for (ChartView* c : {static_cast<ChartView*>(m_breachChart), static_cast<ChartView*>(m_supportsChart),
                             static_cast<ChartView*>(m_miningChart), static_cast<ChartView*>(m_reconstructionChart)})
            if (watched == c->viewport())
                m_current = c;
    return AnalysisView::eventFilter(watched, event);
}

void BasketsView::openBaskets(const QString& path)
{
    m_message->clear();
    m_workspace->open(path);
}

void BasketsView::applyChoice(const BasketsChoice& choice)
{
    m_workspace->setChoice(choice);
    writeControls();
}

void BasketsView::saveSession(const QString& path) const
{
    const auto data = m_workspace->data();
    if (!data)
        throw InputError("no basket file is open: nothing to save");
    BasketsSession s;
    s.dataPath = QString::fromStdString(data->path);
    s.choice = m_workspace->choice();
    writeBasketsSession(s, path);
}

void BasketsView::openSession(const QString& path)
{
    const BasketsSession s = readBasketsSession(path);
    m_workspace->setChoice(s.choice);
    // Loading resets the per-size table to the file's sizes; the session's table is put back once loaded.
    auto conn = std::make_shared<QMetaObject::Connection>();
    *conn = connect(m_workspace, &BasketsWorkspace::dataLoaded, this, [this, s, conn]() {
        disconnect(*conn);
        m_workspace->setChoice(s.choice);
        writeControls();
        m_workspace->recompute();
    });
    m_workspace->open(s.dataPath);
}

QStringList BasketsView::exportCharts(const QString& base, const QString& extension, int dpi)
{
    QStringList written;
    for (ChartView* c : {static_cast<ChartView*>(m_breachChart), static_cast<ChartView*>(m_supportsChart),
                         static_cast<ChartView*>(m_miningChart), static_cast<ChartView*>(m_reconstructionChart)}) {
        if (c == m_reconstructionChart && !c->hasData())
            continue; // R(p, s) does not apply to the operator (the privacy tab says why)
        const QString path = base + "-" + c->chartName() + "." + extension;
        exportChart(c, path, dpi);
        written << path;
    }
    return written;
}

void BasketsView::actionOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Baskets"), QString(),
                                                      tr("Baskets, FIMI format (*.dat *.txt);;Baskets, CSV of 0/1 columns (*.csv);;All files (*)"));
    if (!path.isEmpty())
        openBaskets(path);
}

void BasketsView::actionRelease()
{
    if (!m_workspace->data())
        return showMessage(tr("Open a basket file first."));
    const QString path = QFileDialog::getSaveFileName(this, tr("Write Randomized Baskets (FILE and FILE.sizes)"),
                                                      QString(), tr("Baskets, FIMI format (*.dat)"));
    if (!path.isEmpty())
        m_workspace->writeRelease(path);
}

void BasketsView::actionSaveSession()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Baskets Session"), QString(),
                                                      tr("RR Explorer basket sessions (*.json)"));
    if (path.isEmpty())
        return;
    try {
        saveSession(path);
        showMessage(tr("Session saved to %1").arg(path));
    } catch (const std::exception& e) {
        showMessage(tr("Could not save the session: %1").arg(errorText(e)));
    }
}

void BasketsView::actionOpenSession()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Baskets Session"), QString(),
                                                      tr("RR Explorer basket sessions (*.json)"));
    if (path.isEmpty())
        return;
    try {
        openSession(path);
    } catch (const std::exception& e) {
        showMessage(tr("Could not open the session: %1").arg(errorText(e)));
    }
}

void BasketsView::actionExportCharts()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the Three Charts (NAME-basket-breach, -basket-supports, -basket-mining)"), QString(),
        tr("PNG (*.png);;SVG (*.svg);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    const QFileInfo info(path);
    const QString ext = info.suffix().isEmpty() ? QString("png") : info.suffix().toLower();
    try {
        const QStringList written = exportCharts(info.absolutePath() + "/" + info.completeBaseName(), ext);
        showMessage(tr("Charts written: %1").arg(written.join(", ")));
    } catch (const std::exception& e) {
        showMessage(tr("Could not export the charts: %1").arg(errorText(e)));
    }
}

} // namespace rr::ui
