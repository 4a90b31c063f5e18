#include "ui/baskets/BasketsView.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "ui/baskets/BasketsCharts.h"
#include "ui/baskets/BasketsSession.h"
#include "ui/export/ChartExport.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <stdexcept>

namespace rr::ui {
namespace {

const OperatorKind kOperators[] = {OperatorKind::CutAndPaste, OperatorKind::Uniform, OperatorKind::ItemBits};

// Six significant digits: what a test reads back equals core's value to that precision.
QString num(double v)
{
    return QString::number(v, 'g', 6);
}

QTableWidget* resultTable(const QStringList& headers)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
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

} // namespace

BasketsView::BasketsView(QWidget* parent) : AnalysisView(parent), m_workspace(new BasketsWorkspace(this))
{
    m_breachChart = new BasketBreachChart;
    m_supportsChart = new RecoveredSupportsChart;
    m_miningChart = new MiningQualityChart;
    m_current = m_breachChart;
    // Small minimums: the window must still fit 1280x800 with the table workspace's docks.
    for (ChartView* c : {static_cast<ChartView*>(m_breachChart), static_cast<ChartView*>(m_supportsChart),
                         static_cast<ChartView*>(m_miningChart)})
        c->setMinimumSize(220, 200);
    for (ChartView* c : {static_cast<ChartView*>(m_breachChart), static_cast<ChartView*>(m_supportsChart),
                         static_cast<ChartView*>(m_miningChart)})
        c->viewport()->installEventFilter(this);

    m_breachTable = resultTable({tr("size m"), tr("baskets"), tr("worst breach"), tr("at |A|"), tr("under level")});
    m_supportsTable = resultTable({tr("itemset"), tr("true support"), tr("recovered"), tr("95% range"), tr("\u03C3")});
    m_miningTable = resultTable({tr("s_min"), tr("true itemsets"), tr("found"), tr("true positives"), tr("precision"),
                                 tr("recall"), tr("accuracy (002)")});
    auto* tables = new QTabWidget;
    tables->addTab(m_breachTable, tr("Breach per size"));
    tables->addTab(m_supportsTable, tr("Recovered supports"));
    tables->addTab(m_miningTable, tr("Mining"));

    m_summary = new QLabel(tr("Open a basket file (FIMI .dat: one basket a line) with File \u25B8 Open Baskets."));
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
    rightLayout->addWidget(m_summary);
    rightLayout->addWidget(m_message);
    rightLayout->addWidget(charts, 1);

    auto* scroll = new QScrollArea;
    scroll->setWidget(buildControls());
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(270);
    scroll->setMaximumWidth(380);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(scroll);
    layout->addWidget(right, 1);

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
    });
    connect(m_workspace, &BasketsWorkspace::choiceChanged, this, &BasketsView::writeControls);
    connect(m_workspace, &BasketsWorkspace::frameReady, this, &BasketsView::showFrame);
    connect(m_workspace, &BasketsWorkspace::frameCleared, this, &BasketsView::clearResults);
    connect(m_workspace, &BasketsWorkspace::errorOccurred, this, &BasketsView::showMessage);
    connect(m_workspace, &BasketsWorkspace::suggestionReady, this, &BasketsView::showMessage);
    connect(m_workspace, &BasketsWorkspace::releaseWritten, this, &BasketsView::showMessage);
    writeControls();
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

    auto* fileBox = new QGroupBox(tr("Baskets"));
    auto* fileLayout = new QVBoxLayout(fileBox);
    m_file = new QLabel(tr("no file"));
    m_file->setWordWrap(true);
    auto* open = new QPushButton(tr("Open Baskets\u2026"));
    connect(open, &QPushButton::clicked, this, &BasketsView::actionOpen);
    fileLayout->addWidget(m_file);
    fileLayout->addWidget(open);
    layout->addWidget(fileBox);

    auto* opBox = new QGroupBox(tr("Operator"));
    auto* opLayout = new QVBoxLayout(opBox);
    m_operator = new QComboBox;
    m_operator->addItem(tr("cut-and-paste (004 Def. 8)"));
    m_operator->addItem(tr("uniform (004 Sec. 2)"));
    m_operator->addItem(tr("per-item bits (003 Ch. 3)"));
    opLayout->addWidget(m_operator);
    m_parameters = new QStackedWidget;

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
    auto* fill = new QPushButton(tr("Set every size to K, \u03C1"));
    cpLayout->addWidget(fill);
    m_perSize = new QTableWidget(0, 4);
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
    m_parameters->addWidget(cp);

    auto* uni = new QWidget;
    auto* uniForm = new QFormLayout(uni);
    m_replace = new QDoubleSpinBox;
    m_replace->setDecimals(3);
    m_replace->setRange(0, 0.999);
    m_replace->setSingleStep(0.01);
    uniForm->addRow(tr("replacement p"), m_replace);
    m_parameters->addWidget(uni);

    auto* bits = new QWidget;
    auto* bitsForm = new QFormLayout(bits);
    m_keep = new QDoubleSpinBox;
    m_keep->setDecimals(5);
    m_keep->setRange(0.50001, 1.0);
    m_keep->setSingleStep(0.001);
    bitsForm->addRow(tr("keep p"), m_keep);
    m_parameters->addWidget(bits);
    opLayout->addWidget(m_parameters);
    layout->addWidget(opBox);

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
    layout->addWidget(privacy);

    auto* actions = new QGroupBox(tr("Release and session"));
    auto* actLayout = new QVBoxLayout(actions);
    auto* release = new QPushButton(tr("Write Release (OS CSPRNG)\u2026"));
    auto* save = new QPushButton(tr("Save Baskets Session\u2026"));
    auto* load = new QPushButton(tr("Open Baskets Session\u2026"));
    auto* exportCharts = new QPushButton(tr("Export Charts\u2026"));
    for (QPushButton* b : {release, save, load, exportCharts})
        actLayout->addWidget(b);
    layout->addWidget(actions);
    layout->addStretch(1);

    connect(release, &QPushButton::clicked, this, &BasketsView::actionRelease);
    connect(save, &QPushButton::clicked, this, &BasketsView::actionSaveSession);
    connect(load, &QPushButton::clicked, this, &BasketsView::actionOpenSession);
    connect(exportCharts, &QPushButton::clicked, this, &BasketsView::actionExportCharts);
    connect(m_suggest, &QPushButton::clicked, m_workspace, &BasketsWorkspace::suggestCutAndPaste);
    connect(fill, &QPushButton::clicked, this, [this]() {
        BasketsChoice c = m_workspace->choice();
        c.perSize.clear();
        m_workspace->setChoice(c);
        fillPerSizeTable();
    });
    connect(m_operator, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_parameters->setCurrentIndex(i);
        readControls();
    });
    for (QDoubleSpinBox* b : {m_keep, m_replace, m_rho, m_level})
        connect(b, &QDoubleSpinBox::valueChanged, this, &BasketsView::readControls);
    for (QSpinBox* b : {m_cutoff, m_seed})
        connect(b, &QSpinBox::valueChanged, this, &BasketsView::readControls);
    connect(m_minSupports, &QLineEdit::editingFinished, this, &BasketsView::readControls);
    connect(m_perSize, &QTableWidget::itemChanged, this, &BasketsView::readControls);
    return panel;
}

void BasketsView::readControls()
{
    if (m_updating)
        return;
    BasketsChoice c = m_workspace->choice();
    c.kind = kOperators[std::max(0, m_operator->currentIndex())];
    c.keep = m_keep->value();
    c.replace = m_replace->value();
    c.cutoff = m_cutoff->value();
    c.rho = m_rho->value();
    c.level = m_level->value() / 100;
    c.seed = static_cast<std::uint64_t>(m_seed->value());
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
    if (const auto data = m_workspace->data()) {
        // Rows hold the sizes with baskets; a row that differs from what it showed is an edit (compared as
        // shown, so that a suggested rho is not rounded by merely being displayed).
        const std::vector<CutAndPasteLevel> shown = fullCutAndPasteTable(m_workspace->choice(), data->summary.maxSize);
        std::vector<CutAndPasteLevel> table = fullCutAndPasteTable(c, data->summary.maxSize);
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
    m_workspace->setChoice(c);
    if (sender() != m_perSize)
        fillPerSizeTable();
}

void BasketsView::writeControls()
{
    m_updating = true;
    const BasketsChoice& c = m_workspace->choice();
    for (int i = 0; i < 3; ++i)
        if (kOperators[i] == c.kind) {
            m_operator->setCurrentIndex(i);
            m_parameters->setCurrentIndex(i);
        }
    m_keep->setValue(c.keep);
    m_replace->setValue(c.replace);
    m_cutoff->setValue(c.cutoff);
    m_rho->setValue(c.rho);
    m_level->setValue(100 * c.level);
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(c.seed, 1'000'000'000)));
    QStringList smin;
    for (double s : c.minSupports)
        smin << num(100 * s);
    m_minSupports->setText(smin.join(", "));
    m_updating = false;
    fillPerSizeTable();
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
    m_message->setText(frame->previewDefined ? QString() : QString::fromStdString(frame->previewReason));
    const Transactions& t = data->baskets;
    m_breachChart->setFrame(*frame, t);
    m_supportsChart->setFrame(*frame, t);
    m_miningChart->setFrame(*frame);

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

    QStringList lines;
    lines << tr("<b>%1</b> at breach level %2%: worst-case breach %3 (%4, |A| = %5) \u2014 %6.")
                 .arg(QString::fromStdString(operatorName(frame->op.kind)))
                 .arg(num(100 * frame->choice.level))
                 .arg(num(frame->breach.worst))
                 .arg(QString::fromStdString(frame->breach.worstLabel))
                 .arg(frame->breach.worstK)
                 .arg(frame->breach.worst < frame->choice.level ? tr("under the level") : tr("<b>above the level</b>"));
    QStringList lowest;
    for (std::size_t k = 0; k < frame->lowestDiscoverable.size(); ++k)
        lowest << tr("%1-itemsets %2").arg(k + 1).arg(discoverable(frame->lowestDiscoverable[k]));
    lines << tr("Lowest discoverable support (004 Sec. 5.1, 4 \u03C3): %1.").arg(lowest.join(", "));
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
    m_summary->setText(lines.join("<br>"));
}

void BasketsView::clearResults()
{
    m_breachChart->clear();
    m_supportsChart->clear();
    m_miningChart->clear();
    for (QTableWidget* t : {m_breachTable, m_supportsTable, m_miningTable})
        t->setRowCount(0);
    m_summary->setText(m_workspace->data() ? tr("No results for the current choice (see the message below).")
                                           : tr("Loading\u2026"));
}

void BasketsView::showMessage(const QString& text)
{
    m_message->setText(text);
}

bool BasketsView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonPress)
        for (ChartView* c : {static_cast<ChartView*>(m_breachChart), static_cast<ChartView*>(m_supportsChart),
                             static_cast<ChartView*>(m_miningChart)})
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
    writeBytesAtomically(path.toStdString(), basketsSessionToJson(s).toStdString());
}

void BasketsView::openSession(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw InputError("cannot open the basket session " + path.toStdString());
    if (f.size() > 64 * 1024 * 1024)
        throw InputError("the basket session " + path.toStdString() + " is larger than 64 MiB");
    const BasketsSession s = basketsSessionFromJson(f.readAll(), QFileInfo(path).absolutePath());
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
                         static_cast<ChartView*>(m_miningChart)}) {
        const QString path = base + "-" + c->chartName() + "." + extension;
        exportChart(c, path, dpi);
        written << path;
    }
    return written;
}

void BasketsView::actionOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Baskets"), QString(),
                                                      tr("Baskets, FIMI format (*.dat *.txt);;All files (*)"));
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
        showMessage(tr("Could not save the session: %1").arg(QString::fromUtf8(e.what())));
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
        showMessage(tr("Could not open the session: %1").arg(QString::fromUtf8(e.what())));
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
        showMessage(tr("Could not export the charts: %1").arg(QString::fromUtf8(e.what())));
    }
}

} // namespace rr::ui
