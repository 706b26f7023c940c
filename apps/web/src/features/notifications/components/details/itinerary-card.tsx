import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { NotificationData } from '@smt/shared';
import { useId, useState, type ReactNode } from 'react';
import { CarRow } from './car-row';
import { DetailsCard } from './details-card';
import { detailsTexts } from './details-texts';
import { FlightsPanel } from './flights-panel';
import { HotelRow } from './hotel-row';
import { ItineraryList } from './itinerary-list';

type ItineraryTab = {
  key: 'flights' | 'hotels' | 'cars';
  label: string;
  count: number;
  enabled: boolean;
};

export function itineraryTabsOf(data: NotificationData): ItineraryTab[] {
  return [
    {
      key: 'flights',
      label: detailsTexts.flightsTab,
      count: data.flights.length,
      // A cancelled flight of a schedule change leaves no flight, and still has a story to tell.
      enabled: data.flights.length > 0 || data.sc !== null,
    },
    {
      key: 'hotels',
      label: detailsTexts.hotelsTab,
      count: data.hotels.length,
      enabled: data.hotels.length > 0,
    },
    {
      key: 'cars',
      label: detailsTexts.carsTab,
      count: data.cars.length,
      enabled: data.cars.length > 0,
    },
  ];
}

type ItineraryCardProps = { data: NotificationData };

/** 'Flights hotels & cars': a tab each with its count; empty ones disabled (SPEC §2.5). */
export function ItineraryCard({ data }: ItineraryCardProps) {
  const tabs = itineraryTabsOf(data);
  const [selected, setSelected] = useState(() => tabs.find((tab) => tab.enabled)?.key ?? false);
  const baseId = useId();

  const panels: Record<ItineraryTab['key'], ReactNode> = {
    flights: <FlightsPanel flights={data.flights} scheduleChange={data.sc} />,
    hotels: (
      <ItineraryList
        items={data.hotels}
        label={detailsTexts.hotelsTab}
        renderItem={(hotel) => <HotelRow hotel={hotel} />}
      />
    ),
    cars: (
      <ItineraryList
        items={data.cars}
        label={detailsTexts.carsTab}
        renderItem={(car) => <CarRow car={car} />}
      />
    ),
  };

  return (
    <DetailsCard title={detailsTexts.itinerary}>
      <Tabs
        value={selected}
        onChange={(_event, key: ItineraryTab['key']) => setSelected(key)}
        variant="fullWidth"
        aria-label={detailsTexts.itinerary}
        sx={{ mb: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={`${tab.label} (${tab.count})`}
            disabled={!tab.enabled}
            id={`${baseId}-tab-${tab.key}`}
            aria-controls={`${baseId}-panel-${tab.key}`}
            sx={{ minWidth: 0, px: 1 }}
          />
        ))}
      </Tabs>
      {tabs.map((tab) => (
        <Box
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={selected !== tab.key}
        >
          {selected === tab.key && panels[tab.key]}
        </Box>
      ))}
    </DetailsCard>
  );
}
